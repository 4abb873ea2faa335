package org.pgknobs.host;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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

    /** Tries this often when only threads that exited meanwhile made taskset fail. */
    static final int ATTEMPTS = 3;

    private static final Pattern EXITED = Pattern.compile("failed to [gs]et pid (\\d+)'s affinity: No such process");

    private static void set(long pid, String cpus) {
        for (int attempt = 1; ; attempt++) {
            CommandResult r = CommandRunner.run(List.of("taskset", "-a", "-c", "-p", cpus, Long.toString(pid)),
                    Duration.ofSeconds(10));
            // a process that exited in between (a backend closing) has nothing left to pin
            if (r.succeeded() || !ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
                return;
            }
            // taskset -a lists the threads, then pins them one by one: a thread that ended in between (a JVM's
            // short-lived pool threads) fails it though every live thread moved; another pass catches threads born
            // meanwhile, and after the last one only threads that are gone were missed
            if (!onlyThreadsThatExited(r.output(), pid)) {
                throw new IllegalStateException("taskset cannot pin process " + pid + " to CPUs " + cpus + ": "
                        + r.output().strip());
            }
            if (attempt == ATTEMPTS) {
                return;
            }
        }
    }

    /** Whether taskset's only complaints are about threads of {@code pid} (not {@code pid} itself) that no longer exist. */
    static boolean onlyThreadsThatExited(String output, long pid) {
        boolean any = false;
        for (String line : output.strip().split("\n")) {
            if (!line.startsWith("taskset:")) {
                continue;
            }
            Matcher m = EXITED.matcher(line);
            if (!m.find() || Long.parseLong(m.group(1)) == pid) {
                return false;
            }
            any = true;
        }
        return any;
    }

    /** Restores the set a process had; closing twice is harmless. */
    public interface Pinning extends AutoCloseable {
        @Override
        void close();
    }
}
