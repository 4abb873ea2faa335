package org.pgknobs.report.diff;

import java.util.List;
import java.util.Optional;
import org.pgknobs.report.EffectInterval;
import org.pgknobs.report.Repeats;
import org.pgknobs.results.PhaseResult;

/**
 * The headline throughput of both chosen repeats, and B ÷ A over all their repeats with its 95 % interval
 * ({@link EffectInterval}: Welch's t on logs, docs/statistics.md) when both sides have repeats.
 */
final class ThroughputDiff {

    private ThroughputDiff() {
    }

    static List<String> lines(StepTarget a, StepTarget b) {
        Optional<PhaseResult> pa = headline(a);
        Optional<PhaseResult> pb = headline(b);
        if (pa.isEmpty() || pb.isEmpty()) {
            return List.of("no headline throughput in " + (pa.isEmpty() ? a.dir() : b.dir()) + " (status "
                    + (pa.isEmpty() ? a.chosen().status() : b.chosen().status()).json() + ")");
        }
        if (!pa.get().name().equals(pb.get().name())) {
            return List.of("the headline phases differ (" + pa.get().name() + " and " + pb.get().name()
                    + "): different workloads, no throughput to compare");
        }
        String line = pa.get().name() + ": " + Terms.change(pa.get().throughput(), pb.get().throughput(), "/s")
                + "; goodput " + Terms.change(pa.get().goodput(), pb.get().goodput(), "/s");
        List<Double> va = Repeats.headlineValues(a.repeats(), a.headline());
        List<Double> vb = Repeats.headlineValues(b.repeats(), b.headline());
        if (va.size() < 2 && vb.size() < 2) {
            return List.of(line);
        }
        EffectInterval i = EffectInterval.ratio(a.step(), va, vb);
        return List.of(line, "B ÷ A over " + vb.size() + " and " + va.size() + " repeats: " + Terms.interval(i));
    }

    private static Optional<PhaseResult> headline(StepTarget t) {
        if (!t.chosen().measured()) {
            return Optional.empty();
        }
        String name = t.chosen().result().workload().headlinePhase();
        return t.chosen().result().workload().phases().stream().filter(p -> p.name().equals(name)).findFirst();
    }
}
