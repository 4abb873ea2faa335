package org.pgknobs.report.why;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * "not steady: +31 % across the window (cusum-circular-block-permutation, p 0.002; 1 of 3 repeats)": fires when a
 * measured window's per-second throughput moved (a trend or a level shift), so its figure is an average over two
 * regimes and a longer warm-up or window may change it. Silent when every window held its level, or none was
 * long enough to test.
 */
public final class NotSteady implements WhyRule {

    @Override
    public Optional<Reason> explain(WhyInput input) {
        Steadiness s = input.steadiness();
        if (s == null || s.steady() || s.change() == null) {
            return Optional.empty();
        }
        return Optional.of(new Reason("not-steady", String.format(Locale.ROOT,
                "not steady: %+.0f %% across the window (%s, p %.3f; %d of %d repeat%s%s)", s.change() * 100,
                s.method(), s.pValue(), s.notSteady(), s.tested(), s.tested() == 1 ? "" : "s",
                s.tested() > 1 ? ", largest in r" + s.repeat() : ""),
                List.of("perSecond.throughput")));
    }
}
