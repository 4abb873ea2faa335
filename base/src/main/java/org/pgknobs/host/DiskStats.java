package org.pgknobs.host;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Cumulative I/O counters of the block device that holds a directory, from /proc/diskstats (the counters
 * iostat turns into r/s, rkB/s, w/s, wkB/s). The device is found by the directory's st_dev (major:minor);
 * a directory on a filesystem without a block device (tmpfs, overlay) has no figures.
 */
public final class DiskStats {

    private static final Path PROC_DISKSTATS = Path.of("/proc/diskstats");
    private static final long SECTOR_BYTES = 512;

    /** Counters since boot: completed reads and writes, and bytes read and written. */
    public record Counters(long reads, long readBytes, long writes, long writeBytes) {

        public Counters minus(Counters start) {
            return new Counters(reads - start.reads, readBytes - start.readBytes, writes - start.writes,
                    writeBytes - start.writeBytes);
        }
    }

    private final String device;
    private final int major;
    private final int minor;
    private final Path procDiskstats;

    DiskStats(String device, int major, int minor, Path procDiskstats) {
        this.device = device;
        this.major = major;
        this.minor = minor;
        this.procDiskstats = procDiskstats;
    }

    /** The device holding {@code dir}, or empty when it has none in /proc/diskstats or the path is unreadable. */
    public static Optional<DiskStats> forDirectory(Path dir) {
        return forDirectory(dir, PROC_DISKSTATS);
    }

    static Optional<DiskStats> forDirectory(Path dir, Path procDiskstats) {
        try {
            long dev = ((Number) Files.getAttribute(dir, "unix:dev")).longValue();
            // glibc's gnu_dev_major/gnu_dev_minor
            int major = (int) (((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL));
            int minor = (int) ((dev & 0xff) | ((dev >>> 12) & ~0xffL));
            for (String line : Files.readAllLines(procDiskstats)) {
                String[] f = line.trim().split("\\s+");
                if (f.length >= 10 && Integer.parseInt(f[0]) == major && Integer.parseInt(f[1]) == minor) {
                    return Optional.of(new DiskStats(f[2], major, minor, procDiskstats));
                }
            }
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    public String device() {
        return device;
    }

    /** The device's counters now; empty when the line is gone or unreadable. */
    public Optional<Counters> read() {
        try {
            List<String> lines = Files.readAllLines(procDiskstats);
            for (String line : lines) {
                String[] f = line.trim().split("\\s+");
                if (f.length >= 10 && Integer.parseInt(f[0]) == major && Integer.parseInt(f[1]) == minor) {
                    // major minor name reads merged sectors ms writes merged sectors ms ...
                    return Optional.of(new Counters(Long.parseLong(f[3]), Long.parseLong(f[5]) * SECTOR_BYTES,
                            Long.parseLong(f[7]), Long.parseLong(f[9]) * SECTOR_BYTES));
                }
            }
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
