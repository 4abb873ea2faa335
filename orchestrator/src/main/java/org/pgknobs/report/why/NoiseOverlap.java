package org.pgknobs.report.why;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * "no difference shown: ×1.03 [0.94–1.13] against autovacuum holds 1 (3 and 3 repeats)": fires when the 95 %
 * interval of this step's slowdown against the step it is compared with (the step before in cumulative mode, the
 * base in variants: the interval it read) holds 1, or when every repeat of both steps gave the same throughput
 * (a rate-limited workload); "no difference beyond the base's drift shown" when it clears 1 but not the base's drift
 * band (the why-gate, docs/reports.md). Silent without an interval otherwise (one repeat on a side).
 */
public final class NoiseOverlap implements WhyRule {

    @Override
    public boolean comparative() {
        return true;
    }

    @Override
    public Optional<Reason> explain(WhyInput input) {
        Evidence.Noise n = input.noise();
        Comparison.Throughput t = input.throughput();
        List<String> figures = List.of("vsCompared.interval");
        if (n != null && n.holdsOne()) {
            return Optional.of(new Reason("noise-overlap", String.format(Locale.ROOT,
                    "no difference shown: ×%.2f [%.2f–%.2f] against %s holds 1 (%d and %d repeats)", n.ratio(), n.lower(),
                    n.upper(), n.against(), n.n(), n.otherN()), figures));
        }
        if (n != null && !n.clearOfDrift()) {
            // clear of 1, inside the band the base itself moved across the run: no mark, so no cause to name
            return Optional.of(new Reason("noise-overlap", String.format(Locale.ROOT,
                    "no difference beyond the base's drift shown: ×%.2f [%.2f–%.2f] against %s clears 1 but not the "
                            + "drift band ×%.3f either way (%d and %d repeats)", n.ratio(), n.lower(), n.upper(),
                    n.against(), n.drift(), n.n(), n.otherN()), figures));
        }
        if (n == null && t == Comparison.Throughput.NO_DIFFERENCE) {
            return Optional.of(new Reason("noise-overlap", "no difference shown: every repeat of this step and of "
                    + input.comparedName() + " gave the same throughput", figures));
        }
        return Optional.empty();
    }
}
