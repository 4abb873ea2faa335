package org.pgknobs.host;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.pgknobs.process.CommandResult;
import org.pgknobs.process.CommandRunner;

/**
 * Which CPUs processes may run on, set with taskset (util-linux). A benchmark on a small host pins the server
 * to some cores and its client to the others, so a client that spends more CPU per row does not take it
 * from the server; a process's children inherit the set they are forked with.
 */
public final class CpuAffinity {

    private CpuAffinity() {
    }

    /** Whether taskset can be run here. */
    public static boolean available() {
        try {
            return CommandRunner.run(List.of("taskset", "-V"), Duration.ofSeconds(10)).succeeded();
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** Pins {@code pid}, all its threads and all its descendants (as they are now) to {@code cpus}. */
    public static void pinTree(long pid, CpuSet cpus) {
        List<Long> pids = new ArrayList<>();
        pids.add(pid);
        ProcessHandle.of(pid).ifPresent(p -> p.descendants().forEach(d -> pids.add(d.pid())));
        for (long p : pids) {
            set(p, cpus.toString());
        }
    }

    /**
     * Pins this JVM (every thread, so the threads it starts later and the processes it forks inherit it) until
     * the returned handle is closed, which gives back the set it had.
     */
    public static Pinning pinThisProcess(CpuSet cpus) {
        long self = ProcessHandle.current().pid();
        String before = current(self);
        set(self, cpus.toString());
        return () -> set(self, before);
    }

    /** The CPU list of {@code pid} as taskset prints it, e.g. {@code 0,1} or {@code 0-3}. */
    public static String current(long pid) {
        CommandResult r = CommandRunner.run(List.of("taskset", "-c", "-p", Long.toString(pid)), Duration.ofSeconds(10));
        String out = r.output().strip();
        if (!r.succeeded() || !out.contains(":")) {
            throw new IllegalStateException("taskset cannot read the CPUs of process " + pid + ": " + out);
        }
        return out.substring(out.lastIndexOf(':') + 1).strip();
    }

    /** Tries this often when taskset failed but the process lives on. */
    static final int ATTEMPTS = 3;

    private static void set(long pid, String cpus) {
        CpuSet wanted = CpuSet.parse(cpus);
        String last = "";
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            CommandResult r = CommandRunner.run(List.of("taskset", "-a", "-c", "-p", cpus, Long.toString(pid)),
                    Duration.ofSeconds(10));
            // a process that exited in between (a backend closing) has nothing left to pin
            if (r.succeeded() || !ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                return;
            }
            // taskset -a lists the threads, then pins them one by one: a thread that ended in between (a JVM's
            // short-lived pool threads) fails it though every live thread moved. So the outcome is checked, not
            // taskset's words (its stderr and stdout arrive interleaved): every thread alive now on the set.
            if (allThreadsOn(pid, wanted)) {
                return;
            }
            last = r.output().strip();
        }
        throw new IllegalStateException("taskset cannot pin process " + pid + " to CPUs " + cpus + ": " + last);
    }

    /** Whether every thread of {@code pid} that exists now may run on exactly {@code wanted} (/proc/PID/task/TID/status). */
    static boolean allThreadsOn(long pid, CpuSet wanted) {
        Path tasks = Path.of("/proc", Long.toString(pid), "task");
        try (Stream<Path> threads = Files.list(tasks)) {
            for (Path t : threads.toList()) {
                Optional<String> allowed;
                try (Stream<String> lines = Files.lines(t.resolve("status"))) {
                    allowed = lines.filter(l -> l.startsWith("Cpus_allowed_list:")).findFirst()
                            .map(l -> l.substring(l.indexOf(':') + 1).strip());
                } catch (IOException | UncheckedIOException gone) {
                    continue; // the thread ended while it was read: nothing to pin
                }
                if (allowed.isPresent() && !CpuSet.parse(allowed.get()).equals(wanted)) {
                    return false;
                }
            }
            return true;
        } catch (IOException | UncheckedIOException e) {
            return false;
        }
    }

    /** Restores the set a process had; closing twice is harmless. */
    public interface Pinning extends AutoCloseable {
        @Override
        void close();
    }
}
