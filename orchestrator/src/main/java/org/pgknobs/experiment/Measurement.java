package org.pgknobs.experiment;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * How an experiment's steps are measured: how many times each runs and what is captured besides the workload's
 * figures and pg_stat_*.
 *
 * @param repeats     the repeats of every step; with {@code autoRepeats}, the rounds planned up front (its {@code min})
 * @param autoRepeats {@code repeats: auto}, when the rounds are decided as the suite goes
 * @param observe     the optional captures ({@code observe:} and {@code --observe}), empty when none
 */
public record Measurement(int repeats, Optional<RepeatsAuto> autoRepeats, Set<Observe> observe) {

    public Measurement {
        observe = observe.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(observe));
        if (autoRepeats.isPresent() && repeats != autoRepeats.get().min()) {
            throw new IllegalArgumentException("with repeats: auto, repeats is the rounds planned up front (min "
                    + autoRepeats.get().min() + "), got " + repeats);
        }
    }

    /** A fixed number of repeats (drops {@code repeats: auto}). */
    public Measurement withRepeats(int newRepeats) {
        return new Measurement(newRepeats, Optional.empty(), observe);
    }

    /** {@code repeats: auto}: {@code repeats} becomes the rounds planned up front, its {@code min}. */
    public Measurement withAutoRepeats(RepeatsAuto auto) {
        return new Measurement(auto.min(), Optional.of(auto), observe);
    }

    /** Observing {@code more} as well as what is already observed. */
    public Measurement observing(Set<Observe> more) {
        Set<Observe> all = EnumSet.noneOf(Observe.class);
        all.addAll(observe);
        all.addAll(more);
        return new Measurement(repeats, autoRepeats, all);
    }
}
