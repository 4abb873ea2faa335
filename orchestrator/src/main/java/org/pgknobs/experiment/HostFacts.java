package org.pgknobs.experiment;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** This machine's RAM and the free disk where the data directories go, for {@link MachineScaler}. */
public record HostFacts(long ramBytes, long freeDiskBytes) {

    public static HostFacts detect(Path workDir) {
        return new HostFacts(memTotal(Path.of("/proc/meminfo")), freeDisk(workDir));
    }

    static long memTotal(Path meminfo) {
        try {
            List<String> lines = Files.readAllLines(meminfo);
            for (String line : lines) {
                if (line.startsWith("MemTotal:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
            throw new IllegalStateException("no MemTotal line in " + meminfo);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + meminfo, e);
        }
    }

    /** Free space of the work directory's file system; the directory need not exist yet. */
    static long freeDisk(Path workDir) {
        Path existing = workDir.toAbsolutePath();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        try {
            return Files.getFileStore(existing == null ? Path.of("/") : existing).getUsableSpace();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read free space of " + workDir, e);
        }
    }
}
