package org.pgknobs.run;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.pgknobs.host.CpuTicks;
import org.pgknobs.host.ProcessCpu;
import org.pgknobs.results.MachineFacts;
import org.pgknobs.workload.MeasurementListener;

/**
 * Reads the machine's and the processes' CPU ticks exactly where each measured window opens and closes,
 * so the shares describe the window and not the load or warm-up around it. The client is this JVM with
 * every process under it (a BenchBase JVM) except the server's tree; the server is the postmaster's tree.
 */
final class CpuWatch implements MeasurementListener {

    private final Long postmaster;
    private final Map<String, Sample> open = new LinkedHashMap<>();
    private final Map<String, MachineFacts.Cpu> done = new LinkedHashMap<>();

    private record Sample(long nanos, CpuTicks host, Long client, Long server) {
    }

    /** @param postmaster the server's postmaster pid, or null when its processes are not visible (external server) */
    CpuWatch(Long postmaster) {
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
        CpuTicks d = end.get().host().minus(start.host());
        double total = d.total();
        if (total <= 0) {
            return; // a window shorter than one tick says nothing about CPU
        }
        done.put(phase, new MachineFacts.Cpu((end.get().nanos() - start.nanos()) / 1e9,
                Runtime.getRuntime().availableProcessors(), 100 * d.busy() / total,
                100 * (d.user() + d.nice()) / total, 100 * d.system() / total, 100 * d.iowait() / total,
                share(start.client(), end.get().client(), total), share(start.server(), end.get().server(), total)));
    }

    Map<String, MachineFacts.Cpu> byPhase() {
        return done;
    }

    private static Double share(Long before, Long after, double total) {
        // a tree that lost its root in between (server restarted) has no comparable total
        return before == null || after == null || after < before ? null : Math.min(100, 100 * (after - before) / total);
    }

    private Optional<Sample> sample() {
        Optional<CpuTicks> host = CpuTicks.read();
        if (host.isEmpty()) {
            return Optional.empty();
        }
        Long server = postmaster == null ? null : ProcessCpu.treeTicks(postmaster, Set.of()).orElse(null);
        Long client = ProcessCpu.treeTicks(ProcessCpu.self(), postmaster == null ? Set.of() : Set.of(postmaster))
                .orElse(null);
        return Optional.of(new Sample(System.nanoTime(), host.get(), client, server));
    }
}
