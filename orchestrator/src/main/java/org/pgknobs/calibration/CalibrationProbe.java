package org.pgknobs.calibration;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.pgknobs.host.FsyncProbe;
import org.pgknobs.host.LoadAverage;
import org.pgknobs.results.MachineCalibration;
import org.pgknobs.results.MachineCalibration.Probe;
import org.pgknobs.stats.Stats;
import org.pgknobs.server.ConnectionInfo;

/**
 * The fixed probe: the same work on every machine and every run, so that its times compare across runs. Three
 * probes, {@value #REPEATS} repetitions each after one discarded warm-up, about 3-6 s in all on this project's
 * machines (docs/statistics.md has the measured figures and noise):
 *
 * <ul>
 *   <li><b>cpu</b>: one backend sums the square roots of the first {@value #CPU_ROWS} integers (a set-returning
 *       function in the target list, so no tuplestore and no temporary file; parallel query off): single-core
 *       speed of the executor, in ms.</li>
 *   <li><b>fsync</b>: for up to 300 ms (at most 500 times), overwrite one 8 kB block of a file and fdatasync it,
 *       as a WAL flush does ({@link FsyncProbe}, pg_test_fsync's loop): the mean ms per flush.</li>
 *   <li><b>copy</b>: copy a {@value #COPY_MB} MB file to a new one and fdatasync it, in MB/s: the filesystem's
 *       read-from-cache plus write-through throughput.</li>
 * </ul>
 *
 * The files live in a fresh directory under the given one and are deleted afterwards.
 */
public final class CalibrationProbe {

    static final int REPEATS = 5;
    static final long CPU_ROWS = 3_000_000;
    static final Duration FSYNC_BUDGET = Duration.ofMillis(300);
    static final int COPY_MB = 32;

    static final String CPU_QUERY = "select sum(sqrt(i)) from (select generate_series(1, " + CPU_ROWS + ")::float8 as i) s";

    private CalibrationProbe() {
    }

    /**
     * Probes the server at {@code server} and the filesystem of {@code directory}, prints one line to {@code out}.
     *
     * @throws UncheckedIOException when the directory cannot be written
     * @throws IllegalStateException when the server refuses the query
     */
    public static MachineCalibration run(ConnectionInfo server, Path directory, PrintStream out) {
        double load = LoadAverage.oneMinute();
        long started = System.nanoTime();
        List<Probe> probes = List.of(cpu(server), fsync(directory), copy(directory));
        MachineCalibration calibration = new MachineCalibration(probes, directory.toAbsolutePath().toString(), load,
                Math.round((System.nanoTime() - started) / 1e7) / 100.0);
        out.println("machine calibration (" + calibration.seconds() + " s): " + calibration.describe());
        return calibration;
    }

    static Probe cpu(ConnectionInfo server) {
        try (Connection c = server.connect(); Statement st = c.createStatement()) {
            st.execute("set max_parallel_workers_per_gather = 0");
            st.execute("set jit = off");
            List<Double> values = new ArrayList<>();
            for (int i = 0; i <= REPEATS; i++) {
                long t0 = System.nanoTime();
                st.executeQuery(CPU_QUERY).close();
                if (i > 0) {
                    values.add(millis(System.nanoTime() - t0));
                }
            }
            return probe("cpu", "ms", values);
        } catch (SQLException e) {
            throw new IllegalStateException("calibration: the cpu probe's query failed: " + e.getMessage(), e);
        }
    }

    /** Each repetition is {@link FsyncProbe}'s fdatasync loop (the run's machine facts use it too), its mean. */
    static Probe fsync(Path directory) {
        return inScratch(directory, scratch -> {
            List<Double> values = new ArrayList<>();
            for (int i = 0; i <= REPEATS; i++) {
                FsyncProbe.Result r = FsyncProbe.run(scratch, "fdatasync", FSYNC_BUDGET);
                if (i > 0) {
                    values.add(Math.round(r.meanMs() * 1e4) / 1e4);
                }
            }
            return probe("fsync", "ms", values);
        });
    }

    static Probe copy(Path directory) {
        return inScratch(directory, scratch -> {
            Path source = scratch.resolve("source");
            byte[] chunk = new byte[1 << 20];
            new Random(47).nextBytes(chunk); // incompressible, the same on every machine
            try (FileChannel ch = FileChannel.open(source, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                for (int i = 0; i < COPY_MB; i++) {
                    ch.write(ByteBuffer.wrap(chunk));
                }
                ch.force(false);
            }
            List<Double> values = new ArrayList<>();
            ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 20);
            for (int i = 0; i <= REPEATS; i++) {
                Path target = scratch.resolve("copy" + i);
                long t0 = System.nanoTime();
                try (FileChannel in = FileChannel.open(source, StandardOpenOption.READ);
                     FileChannel outCh = FileChannel.open(target, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                    while (in.read(buffer) > 0) {
                        buffer.flip();
                        while (buffer.hasRemaining()) {
                            outCh.write(buffer);
                        }
                        buffer.clear();
                    }
                    outCh.force(false);
                }
                double seconds = (System.nanoTime() - t0) / 1e9;
                Files.delete(target);
                if (i > 0) {
                    values.add(Math.round(COPY_MB / seconds * 10) / 10.0);
                }
            }
            return probe("copy", "MB/s", values);
        });
    }

    private interface ScratchWork {
        Probe in(Path scratch) throws IOException;
    }

    private static Probe inScratch(Path directory, ScratchWork work) {
        Path scratch = null;
        try {
            Files.createDirectories(directory);
            scratch = Files.createTempDirectory(directory, "calibration-");
            return work.in(scratch);
        } catch (IOException e) {
            throw new UncheckedIOException("calibration: cannot probe the filesystem of " + directory, e);
        } finally {
            deleteQuietly(scratch);
        }
    }

    private static void deleteQuietly(Path scratch) {
        if (scratch == null) {
            return;
        }
        try (var files = Files.list(scratch)) {
            for (Path f : files.toList()) {
                Files.deleteIfExists(f);
            }
            Files.deleteIfExists(scratch);
        } catch (IOException e) {
            // a leftover scratch directory of a few files is harmless; the probe's figures stand
        }
    }

    private static Probe probe(String name, String unit, List<Double> values) {
        return new Probe(name, unit, values, Stats.median(values));
    }

    private static double millis(long nanos) {
        return Math.round(nanos / 1e3) / 1000.0;
    }
}
