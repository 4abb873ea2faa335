package org.pgknobs.profile;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.pgknobs.host.ProcessCpu;
import org.pgknobs.process.CommandResult;
import org.pgknobs.process.CommandRunner;

/**
 * One {@code perf record} of a process tree: software cpu-clock at {@value #HZ} Hz per thread, stacks unwound
 * from DWARF (the embedded PostgreSQL binaries carry symbols but no frame pointers: {@code -g} gives 2 frames
 * a sample, {@code dwarf} 20; docs/profile.md), timestamps on CLOCK_MONOTONIC ({@code -k mono}), so samples
 * can be cut to the windows afterwards. Attaching with {@code -p} follows the processes forked later (new
 * backends, autovacuum workers).
 */
public final class PerfRecorder {

    public static final int HZ = 99;
    public static final String METHOD = "cpu-clock, --call-graph dwarf";
    static final Path DEFAULT_PERF = Path.of("/usr/bin/perf");
    private static final Duration READY = Duration.ofSeconds(20);

    private final Path perf;
    private final Path data;
    private final Path log;
    private final Process process;

    private PerfRecorder(Path perf, Path data, Path log, Process process) {
        this.perf = perf;
        this.data = data;
        this.log = log;
        this.process = process;
    }

    /** The perf to use: {@code $PATH}'s, else Debian's /usr/bin/perf; empty when neither is there. */
    public static Optional<Path> locate() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "perf"))) {
                return Optional.of(Path.of(dir, "perf"));
            }
        }
        return Files.isExecutable(DEFAULT_PERF) ? Optional.of(DEFAULT_PERF) : Optional.empty();
    }

    /** Why perf cannot profile here at all, before trying: not Linux. */
    public static Optional<String> unsupported() {
        if (!System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).contains("linux")) {
            return Optional.of("perf profiles need Linux (this is " + System.getProperty("os.name") + ")");
        }
        return Optional.empty();
    }

    /** What perf said when it would not record, with the kernel's setting that usually decides it. */
    private String refusal(String what) {
        return what + " (kernel.perf_event_paranoid=" + readParanoid() + "; run pgknobs as root, or allow it with "
                + "sysctl kernel.perf_event_paranoid=-1): " + logText();
    }

    private static String readParanoid() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/perf_event_paranoid")).strip();
        } catch (IOException e) {
            return "unknown";
        }
    }

    /**
     * Starts recording {@code pids} into {@code data} and returns once perf says its events are on. perf starts
     * with them off and enables them when told through its control fifo, after it has read the processes'
     * memory maps: a backend forked before that point would be sampled without names (seen here as
     * {@code :PID} with no frames), so its acknowledgement, not the file's appearance, is the ready signal.
     */
    public static PerfRecorder start(Path perf, List<Long> pids, Path data) throws IOException {
        Path ctl = data.resolveSibling("perf.ctl");
        Path ack = data.resolveSibling("perf.ack");
        Files.deleteIfExists(ctl);
        Files.deleteIfExists(ack);
        CommandResult fifos = CommandRunner.run(List.of("mkfifo", ctl.toString(), ack.toString()), Duration.ofSeconds(30));
        if (!fifos.succeeded()) {
            throw new IOException("mkfifo failed: " + String.join(" / ", fifos.lastLines(2)));
        }
        List<String> cmd = new ArrayList<>(List.of(perf.toString(), "record", "-e", "cpu-clock", "-F", String.valueOf(HZ),
                "--call-graph", "dwarf", "-k", "mono", "-D", "-1", "--control=fifo:" + ctl + "," + ack,
                "-o", data.toString(), "-p", String.join(",", pids.stream().map(String::valueOf).toList())));
        Path log = data.resolveSibling(data.getFileName() + ".log");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        PerfRecorder r = new PerfRecorder(perf, data, log, p);
        r.enable(ctl, ack);
        return r;
    }

    /** O_RDWR on both fifos: neither open blocks, whether perf has opened its ends yet or not. */
    private void enable(Path ctl, Path ack) throws IOException {
        ExecutorService reader = Executors.newSingleThreadExecutor(t -> {
            Thread th = new Thread(t, "perf-ack");
            th.setDaemon(true);
            return th;
        });
        try (RandomAccessFile control = new RandomAccessFile(ctl.toFile(), "rw");
             RandomAccessFile acks = new RandomAccessFile(ack.toFile(), "rw")) {
            control.write("enable\n".getBytes(StandardCharsets.US_ASCII));
            Future<String> reply = reader.submit(acks::readLine);
            long deadline = System.nanoTime() + READY.toNanos();
            while (true) {
                try {
                    String line = reply.get(50, TimeUnit.MILLISECONDS);
                    if (line != null && line.startsWith("ack")) {
                        return;
                    }
                    throw new IOException("perf record answered '" + line + "' instead of ack: " + logText());
                } catch (TimeoutException e) {
                    if (!process.isAlive()) {
                        throw new IOException(refusal("perf record exited " + process.exitValue()));
                    }
                    if (System.nanoTime() > deadline) {
                        process.destroyForcibly();
                        throw new IOException("perf record did not enable its events within " + READY.toSeconds() + " s");
                    }
                } catch (ExecutionException e) {
                    throw new IOException("cannot read perf's acknowledgement: " + e.getCause(), e);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    process.destroyForcibly();
                    throw new IOException("interrupted while perf record started", e);
                }
            }
        } finally {
            reader.shutdownNow();
        }
    }

    /** perf record's own CPU ticks so far (user + system), empty once it has ended. */
    public Optional<Long> ticks() {
        return ProcessCpu.treeTicks(process.pid(), Set.of());
    }

    /** Stops the recording (SIGTERM: perf writes its file and exits); perf's own words when it fails. */
    public void stop() throws IOException {
        process.destroy();
        try {
            if (!process.waitFor(120, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException("perf record did not stop within 120 s");
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while perf record stopped", e);
        }
        if (!Files.exists(data) || Files.size(data) == 0) {
            throw new IOException("perf record wrote no data (exit " + process.exitValue() + "): " + logText());
        }
    }

    /** Ends perf if it still runs (a step that failed before {@link #stop}). */
    public void kill() {
        process.destroyForcibly();
    }

    /**
     * Reads the recording through {@code perf script} and folds the samples in {@code windows}. Without inline
     * frames: perf resolves them through addr2line, which made reading a recording several times slower
     * (docs/profile.md); a function the compiler inlined counts in its caller.
     */
    public PerfScriptFolding.Result fold(List<TimeWindow> windows) throws IOException {
        Path err = data.resolveSibling(data.getFileName() + ".script.log");
        Process script = new ProcessBuilder(perf.toString(), "script", "-i", data.toString(), "--ns",
                "--no-inline", "-F", "comm,tid,time,ip,sym,dso").redirectError(err.toFile()).start();
        PerfScriptFolding.Result result;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(script.getInputStream(), StandardCharsets.UTF_8))) {
            result = PerfScriptFolding.fold(out, windows);
        } catch (UncheckedIOException e) {
            script.destroyForcibly();
            throw e.getCause();
        }
        try {
            int exit = script.waitFor();
            if (exit != 0) {
                throw new IOException("perf script exited " + exit + ": " + Files.readString(err).strip());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while perf script ran", e);
        }
        return result;
    }

    private String logText() {
        try {
            return Files.exists(log) ? Files.readString(log).strip() : "";
        } catch (IOException e) {
            return "";
        }
    }
}
