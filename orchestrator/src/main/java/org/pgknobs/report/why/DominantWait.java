package org.pgknobs.report.why;

import java.util.List;
import java.util.Optional;
import org.pgknobs.collector.Derived;

/**
 * "76 % of client samples waited on IO:DataFileRead": the most frequent real wait event (CPU = no wait
 * is skipped) when it holds at least {@value #MIN_SHARE} of the samples and there were at least
 * {@value #MIN_SAMPLES} samples (fewer say nothing). It describes the step; {@link WaitShareMoved} says whether
 * a share moved against the compared step.
 */
public final class DominantWait implements WhyRule {

    static final double MIN_SHARE = 0.25;
    static final long MIN_SAMPLES = 10;

    @Override
    public Optional<Reason> explain(WhyInput input) {
        Derived.Waits waits = input.waits();
        if (waits == null || waits.top() == null || waits.samples() < MIN_SAMPLES) {
            return Optional.empty();
        }
        return waits.top().stream()
                .filter(w -> !"CPU".equals(w.waitEventType()))
                .filter(w -> w.share() >= MIN_SHARE)
                .findFirst()
                .map(w -> new Reason("dominant-wait",
                        Numbers.percent(w.share()) + " of client samples waited on " + w.waitEventType() + ":"
                                + w.waitEvent(),
                        List.of("waits")));
    }
}
