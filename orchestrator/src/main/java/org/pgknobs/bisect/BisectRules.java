package org.pgknobs.bisect;

import java.util.OptionalDouble;
import org.pgknobs.stats.AutoRepeats;

/**
 * How much a bisection measures and what counts as a change.
 *
 * @param repeats the ends' stopping rule ({@code repeats: auto}: min and max rounds, target half-width); a probe
 *                gets {@code min} repeats, then one more at a time up to {@code max} while it is undecided
 * @param drop    empty: a probe is classed against both ends (did it change?); present (0.2 for {@code --drop 20%}):
 *                against the faster end only, fallen off when its ratio's interval lies wholly below 1 − drop
 */
public record BisectRules(AutoRepeats repeats, OptionalDouble drop) {

    public BisectRules {
        if (drop.isPresent() && !(drop.getAsDouble() > 0 && drop.getAsDouble() < 1)) {
            throw new IllegalArgumentException("drop must lie between 0 and 1, got " + drop.getAsDouble());
        }
    }
}
