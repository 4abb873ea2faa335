package org.pgknobs.run.capture;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.pgknobs.stats.Stats;
import org.pgknobs.host.CpuSet;
import org.pgknobs.host.CpuSplit;
import org.pgknobs.host.CpuTicks;
import org.pgknobs.host.HostCpuTicks;
import org.pgknobs.host.ProcessCpu;
import org.pgknobs.results.MachineFacts;

/**
 * Reads the machine's and the processes' CPU ticks exactly where each measured window opens and closes,
 * so the shares describe the window and not the load or warm-up around it. The client is this JVM with
 * every process under it (a BenchBase JVM, iibench.py) except the server's tree; the server is the
 * postmaster's tree. The one CPU-per-window reader of pgknobs: the suite's steps and the side-by-side
 * benchmarks use it alike.
 */
public final class CpuWatch implements StepCapture {

    private final Long postmaster;
    private final long ticksPerSecond = HostCpuTicks.clockTicksPerSecond();
    private final int cores = CpuSet.online().size();
    private final Map<String, Sample> open = new LinkedHashMap<>();
    private final Map<String, Window> done = new LinkedHashMap<>();

    private record Sample(long nanos, CpuTicks host, Map<Integer, CpuTicks> perCpu, Long client, Long server) {
    }

    /**
     * One window: its wall seconds, the host's ticks over it (whole and per CPU at both ends) and the client's
     * and server's trees' ticks over it (null where a tree was not visible or lost its root in between).
     */
    public record Window(double seconds, CpuTicks host, Map<Integer, CpuTicks> perCpuBefore,
                         Map<Integer, CpuTicks> perCpuAfter, Long clientTicks, Long serverTicks, long ticksPerSecond,
                         int cores) {

        /** The client tree's CPU seconds (user + system of this JVM and what it ran); NaN where not visible. */
        public double clientSeconds() {
            return clientTicks == null ? Double.NaN : (double) clientTicks / ticksPerSecond;
        }

        /** The whole host's us + sy CPU microseconds over the window, summed over its CPUs (vmstat's figure). */
        public long busyMicros() {
            return host.userPlusSystem() * 1_000_000L / ticksPerSecond;
        }

        /** The split's sides' busy shares, as {@link CpuSplit#busyPercent}, to 0.1. */
        public Map<String, Double> busyPercent(CpuSplit split) {
            Map<String, Double> shares = new java.util.LinkedHashMap<>(split.busyPercent(perCpuBefore, perCpuAfter));
            shares.replaceAll((side, pct) -> Stats.round1(pct));
            return shares;
        }

        /** As step.json keeps it; empty for a window shorter than one tick, which says nothing about CPU. */
        Optional<MachineFacts.Cpu> facts() {
            double total = host.total();
            if (total <= 0) {
                return Optional.empty();
            }
            return Optional.of(new MachineFacts.Cpu(seconds, cores, 100 * host.busy() / total,
                    100 * (host.user() + host.nice()) / total, 100 * host.system() / total, 100 * host.iowait() / total,
                    share(clientTicks, total), share(serverTicks, total), 100 * host.steal() / total));
        }

        private static Double share(Long ticks, double total) {
            return ticks == null ? null : Math.min(100, 100 * ticks / total);
        }
    }

    /** @param postmaster the server's postmaster pid, or null when its processes are not visible (external server) */
    public CpuWatch(Long postmaster) {
        this.postmaster = postmaster;
    }

    @Override
    public void phaseStarted(String phase) {
        sample().ifPresent(s -> open.put(phase, s));
    }

    @Override
    public void phaseEnded(String phase) {
        Sample start = open.remove(phase);
        Optional<Sample> end = sample();
        if (start == null || end.isEmpty()) {
            return;
        }
        Sample e = end.get();
        done.put(phase, new Window((e.nanos() - start.nanos()) / 1e9, e.host().minus(start.host()), start.perCpu(),
                e.perCpu(), delta(start.client(), e.client()), delta(start.server(), e.server()), ticksPerSecond, cores));
    }

    /** The window of {@code phase}, once it has ended; empty where /proc/stat was unreadable. */
    public Optional<Window> window(String phase) {
        return Optional.ofNullable(done.get(phase));
    }

    Map<String, MachineFacts.Cpu> byPhase() {
        Map<String, MachineFacts.Cpu> out = new LinkedHashMap<>();
        done.forEach((phase, w) -> w.facts().ifPresent(f -> out.put(phase, f)));
        return out;
    }

    private static Long delta(Long before, Long after) {
        // a tree that lost its root in between (server restarted) has no comparable total
        return before == null || after == null || after < before ? null : after - before;
    }

    private Optional<Sample> sample() {
        Optional<CpuTicks> host = CpuTicks.read();
        if (host.isEmpty()) {
            return Optional.empty();
        }
        Long server = postmaster == null ? null : ProcessCpu.treeTicks(postmaster, Set.of()).orElse(null);
        Long client = ProcessCpu.treeTicks(ProcessCpu.self(), postmaster == null ? Set.of() : Set.of(postmaster))
                .orElse(null);
        return Optional.of(new Sample(System.nanoTime(), host.get(), CpuTicks.readPerCpu(), client, server));
    }
}
