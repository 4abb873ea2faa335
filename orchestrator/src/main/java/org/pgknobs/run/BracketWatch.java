package org.pgknobs.run;

import java.util.Locale;
import java.util.function.Consumer;
import org.pgknobs.results.StepResult;
import org.pgknobs.results.StepStatus;
import org.pgknobs.stats.BaseDrift;
import org.pgknobs.stats.RatioInterval;

/**
 * The live line of the bracketed base: after each measurement of the base, how far it moved from its first
 * ({@link BaseDrift}: last ÷ first, and whether that is beyond the noise of a window), so a user watching a sweep
 * learns that the machine is drifting while it runs, not only from the report.
 */
final class BracketWatch {

    private final String base;
    private final Consumer<String> say;
    private Double first;
    private double[] firstRates = new double[0];

    BracketWatch(String base, Consumer<String> say) {
        this.base = base;
        this.say = say;
    }

    /**
     * A finished run: nothing unless it is a measurement of the base.
     *
     * @param rates its headline window's measured seconds, per second (empty when this session did not see them)
     */
    void measured(StepResult r, double[] rates) {
        Double t = BracketSchedule.throughput(r);
        if (!r.name().equals(base) || r.status() != StepStatus.DONE || t == null || !(t > 0)) {
            return;
        }
        if (first == null) {
            first = t;
            firstRates = rates;
            return;
        }
        say.accept(line(BaseDrift.of(first, t, firstRates, rates), t));
    }

    String line(BaseDrift d, double now) {
        String figures = String.format(Locale.ROOT, "bracket: %s %,.0f/s, %s against its first measurement (%,.0f/s)",
                base, now, d.percent(), first);
        if (!(d.interval() instanceof RatioInterval i)) {
            return figures + "; no test against the noise of a window (a window's seconds were not seen by this run)";
        }
        String interval = String.format(Locale.ROOT, "[%.3f–%.3f]", i.lower(), i.upper());
        return figures + (d.beyondNoise()
                ? "; the base moved beyond the noise of a window " + interval + ": effects smaller than that are not "
                        + "separable from the machine"
                : "; within the noise of a window " + interval);
    }
}
