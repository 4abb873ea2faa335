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
 * @param bracket     the bracketed base of a sweep or chain ({@code bracket:}): at most this many runs of other steps
 *                    between two measurements of the base, after a discarded warm-up run of it; 0 when off
 *                    (docs/experiments.md, "The bracketed base")
 */
public record Measurement(int repeats, Optional<RepeatsAuto> autoRepeats, Set<Observe> observe, int bracket) {

    /**
     * At most 8 runs between two base measurements: no step is more than 4 runs from one, and a 16-variant sweep
     * such as cx7a's measures its base three times a round (first, middle, last).
     */
    public static final int DEFAULT_BRACKET = 8;
    public static final int NO_BRACKET = 0;

    /** With the default bracket. */
    public Measurement(int repeats, Optional<RepeatsAuto> autoRepeats, Set<Observe> observe) {
        this(repeats, autoRepeats, observe, DEFAULT_BRACKET);
    }

    public Measurement {
        if (bracket < 0) {
            throw new IllegalArgumentException("bracket is 0 (off) or the most runs between base measurements, got "
                    + bracket);
        }
        observe = observe.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(observe));
        if (autoRepeats.isPresent() && repeats != autoRepeats.get().min()) {
            throw new IllegalArgumentException("with repeats: auto, repeats is the rounds planned up front (min "
                    + autoRepeats.get().min() + "), got " + repeats);
        }
    }

    /** A fixed number of repeats (drops {@code repeats: auto}). */
    public Measurement withRepeats(int newRepeats) {
        return new Measurement(newRepeats, Optional.empty(), observe, bracket);
    }

    /** {@code repeats: auto}: {@code repeats} becomes the rounds planned up front, its {@code min}. */
    public Measurement withAutoRepeats(RepeatsAuto auto) {
        return new Measurement(auto.min(), Optional.of(auto), observe, bracket);
    }

    /** The bracket set to {@code every} (0: off). */
    public Measurement withBracket(int every) {
        return new Measurement(repeats, autoRepeats, observe, every);
    }

    /** Whether a sweep's or chain's base is bracketed. */
    public boolean bracketed() {
        return bracket > 0;
    }

    /** Observing {@code more} as well as what is already observed. */
    public Measurement observing(Set<Observe> more) {
        Set<Observe> all = EnumSet.noneOf(Observe.class);
        all.addAll(observe);
        all.addAll(more);
        return new Measurement(repeats, autoRepeats, all, bracket);
    }
}
