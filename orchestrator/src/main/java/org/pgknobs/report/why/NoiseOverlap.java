package org.pgknobs.report.why;

import java.util.List;
import java.util.Optional;

/**
 * "noise bands overlap: 610–655 against autovacuum's 598–640": fires when this step's throughput range
 * over its repeats meets the range of the step it is compared with, so no difference between them is shown.
 * Silent without repeats on both sides (one value has no band).
 */
public final class NoiseOverlap implements WhyRule {

    @Override
    public Optional<Reason> explain(WhyInput input) {
        Evidence.Noise n = input.evidence().noise();
        if (n == null || !n.overlaps()) {
            return Optional.empty();
        }
        return Optional.of(new Reason("noise-overlap", "noise bands overlap: " + Numbers.brief(n.min()) + "–"
                + Numbers.brief(n.max()) + " against " + n.against() + "'s " + Numbers.brief(n.otherMin()) + "–"
                + Numbers.brief(n.otherMax()) + " (" + n.n() + " and " + n.otherN() + " repeats)",
                List.of("throughput.min", "throughput.max", n.against() + ".throughput.min",
                        n.against() + ".throughput.max")));
    }
}
