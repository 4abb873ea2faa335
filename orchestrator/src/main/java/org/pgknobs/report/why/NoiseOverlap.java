package org.pgknobs.report.why;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * "no difference shown: ×1.03 [0.94–1.13] against autovacuum holds 1 (3 and 3 repeats)": fires when the 95 %
 * interval of this step's slowdown against the step it is compared with holds 1. Silent without an interval
 * (one repeat on either side).
 */
public final class NoiseOverlap implements WhyRule {

    @Override
    public Optional<Reason> explain(WhyInput input) {
        Evidence.Noise n = input.evidence().noise();
        if (n == null || !n.holdsOne()) {
            return Optional.empty();
        }
        return Optional.of(new Reason("noise-overlap", String.format(Locale.ROOT,
                "no difference shown: ×%.2f [%.2f–%.2f] against %s holds 1 (%d and %d repeats)", n.ratio(), n.lower(),
                n.upper(), n.against(), n.n(), n.otherN()),
                List.of("throughput", n.against() + ".throughput", "slowdownInterval")));
    }
}
