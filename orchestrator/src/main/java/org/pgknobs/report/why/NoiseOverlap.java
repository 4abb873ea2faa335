package org.pgknobs.report.why;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * "no difference shown: ×1.03 [0.94–1.13] against autovacuum holds 1 (3 and 3 repeats)": fires when the 95 %
 * interval of this step's slowdown against the step it is compared with (the step before in cumulative mode, the
 * base in variants: the interval it read) holds 1, or when every repeat of both steps gave the same throughput
 * (a rate-limited workload); "no difference beyond the base's trend shown" when it cleared 1 as measured but holds it
 * once set against the base's fitted trend; "no difference shown at the page's level" when it clears 1 on its own but
 * the page's multiplicity adjustment leaves it unmarked (the why-gate, docs/reports.md: the verdict model's decision,
 * {@link Comparison#throughput()}). Silent without an interval otherwise (one repeat on a side).
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
        if (n != null && t == Comparison.Throughput.WITHIN_DRIFT && n.holdsOne()) {
            // cleared 1 as measured; set against the base as its fitted trend puts it when the step ran, it holds 1
            return Optional.of(new Reason("noise-overlap", String.format(Locale.ROOT,
                    "no difference beyond the base's trend shown: ×%.2f [%.2f–%.2f] against %s, set against the base as"
                            + " its trend puts it when the step ran, holds 1 (%d and %d repeats)", n.ratio(), n.lower(),
                    n.upper(), n.against(), n.n(), n.otherN()), figures));
        }
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
        if (n != null && t == Comparison.Throughput.NO_DIFFERENCE) {
            // clear of 1 on its own, but its p-value did not pass the page's adjustment: the tables mark nothing
            return Optional.of(new Reason("noise-overlap", String.format(Locale.ROOT,
                    "no difference shown at the page's level: ×%.2f [%.2f–%.2f] against %s clears 1 on its own, but not"
                            + " once adjusted for the page's other comparisons (the note under the table; %d and %d"
                            + " repeats)", n.ratio(), n.lower(), n.upper(), n.against(), n.n(), n.otherN()), figures));
        }
        if (n == null && t == Comparison.Throughput.NO_DIFFERENCE) {
            return Optional.of(new Reason("noise-overlap", "no difference shown: every repeat of this step and of "
                    + input.comparedName() + " gave the same throughput", figures));
        }
        return Optional.empty();
    }
}
