package org.pgknobs.host;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How fast this filesystem makes one 8 kB WAL-sized write durable, the way pg_test_fsync measures a
 * wal_sync_method: rewrite the same block and sync it, over and over, for a short while. The probe file
 * lives in the directory given (on the data directory's filesystem) and is removed afterwards.
 */
public final class FsyncProbe {

    private static final int BLOCK = 8192;
    /** 500 syncs give a stable mean; on a fast device they take milliseconds, so the probe costs little. */
    private static final int MAX_OPS = 500;

    private FsyncProbe() {
    }

    /**
     * @param ops        syncs done
     * @param opsPerSecond syncs per second of probe time
     * @param meanMs     mean latency of one write + sync
     */
    public record Result(String method, long ops, double seconds, double opsPerSecond, double meanMs, double maxMs) {
    }

    /**
     * @param method wal_sync_method as the server reports it: fdatasync, fsync, open_datasync, open_sync
     *               (fsync_writethrough is macOS/Windows only and is probed as fsync)
     * @param budget stop after this long (at most {@value #MAX_OPS} syncs)
     */
    public static Result run(Path dir, String method, Duration budget) throws IOException {
        String m = method == null ? "fdatasync" : method.toLowerCase(Locale.ROOT);
        List<OpenOption> options = new ArrayList<>(List.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE));
        if (m.equals("open_datasync")) {
            options.add(StandardOpenOption.DSYNC);
        } else if (m.equals("open_sync")) {
            options.add(StandardOpenOption.SYNC);
        }
        Path file = Files.createTempFile(dir, "pgknobs-fsync-probe", ".tmp");
        try (FileChannel ch = FileChannel.open(file, options.toArray(OpenOption[]::new))) {
            ByteBuffer block = ByteBuffer.allocateDirect(BLOCK);
            ch.write(block, 0);
            ch.force(true); // the block exists on disk before timing, so each sync writes data only
            long deadline = System.nanoTime() + budget.toNanos();
            long ops = 0;
            long max = 0;
            long start = System.nanoTime();
            long now = start;
            while (ops < MAX_OPS && now < deadline) {
                block.rewind();
                ch.write(block, 0);
                if (m.equals("fdatasync")) {
                    ch.force(false);
                } else if (!m.startsWith("open_")) {
                    ch.force(true);
                }
                long t = System.nanoTime();
                max = Math.max(max, t - now);
                now = t;
                ops++;
            }
            double seconds = (now - start) / 1e9;
            return new Result(m, ops, seconds, seconds > 0 ? ops / seconds : 0, ops > 0 ? seconds * 1000 / ops : 0,
                    max / 1e6);
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
