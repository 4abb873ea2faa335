package org.pgknobs.report.why;

import java.util.List;
import java.util.Map;
import org.pgknobs.collector.Derived;
import org.pgknobs.report.captures.StepCaptures;

/**
 * The step a step is told apart from (the step before in a cumulative experiment, the base in variants), as
 * the comparative rules read it: its figures, its settings, its committed transactions, both steps' capture
 * files over every repeat, and whether the step's own throughput differs from it at all.
 *
 * @param name            the compared step's name, which every comparative sentence names
 * @param derived         its collector figures (median repeat); null when not collected
 * @param settings        its setting values, as {@link WhyInput#settings()}
 * @param committed       transactions it committed in the headline window (median repeat); null when unknown
 * @param stepRepeats     this step's capture files, one per measured repeat
 * @param comparedRepeats the compared step's, one per measured repeat
 * @param throughput      whether this step's throughput differs from the compared step's
 * @param why             the compared step's own why-lines, to tell a line that is new from one that holds for both
 * @param repeatFigures   both steps' figures per repeat, for a differing step no rule explains ({@link Unexplained})
 */
public record Comparison(String name, Derived derived, Map<String, String> settings, Long committed,
                         List<StepCaptures> stepRepeats, List<StepCaptures> comparedRepeats, Throughput throughput,
                         List<Reason> why, RepeatFigures repeatFigures) {

    public Comparison {
        settings = settings == null ? Map.of() : Map.copyOf(settings);
        stepRepeats = stepRepeats == null ? List.of() : List.copyOf(stepRepeats);
        comparedRepeats = comparedRepeats == null ? List.of() : List.copyOf(comparedRepeats);
        throughput = throughput == null ? Throughput.UNKNOWN : throughput;
        why = why == null ? List.of() : List.copyOf(why);
        repeatFigures = repeatFigures == null ? RepeatFigures.NONE : repeatFigures;
    }

    /** Without figures per repeat. */
    public Comparison(String name, Derived derived, Map<String, String> settings, Long committed,
                      List<StepCaptures> stepRepeats, List<StepCaptures> comparedRepeats, Throughput throughput,
                      List<Reason> why) {
        this(name, derived, settings, committed, stepRepeats, comparedRepeats, throughput, why, RepeatFigures.NONE);
    }

    /** Only the compared step's figures and settings: the base as the older constructors of {@link WhyInput} give it. */
    static Comparison figuresOnly(String name, Derived derived) {
        return new Comparison(name, derived, Map.of(), null, List.of(), List.of(), Throughput.UNKNOWN, List.of());
    }

    /**
     * Whether the step's throughput differs from the compared step's, from its 95 % interval: the why-gate
     * (docs/reports.md, "The why-gate"). Only {@link #DIFFERS} lets a comparative line read as a cause.
     */
    public enum Throughput {
        /**
         * The interval (or the bound of a step that completed nothing) lies clear of 1 and of the base's drift band:
         * the step is marked, and a comparative line may say what went with the change.
         */
        DIFFERS,
        /** The interval holds 1, or every repeat of both steps gave the same throughput. */
        NO_DIFFERENCE,
        /** The interval clears 1 but not the base's drift band: the difference is not separable from the machine's. */
        WITHIN_DRIFT,
        /** No interval (one repeat on a side): whether it differs is not known. */
        UNKNOWN
    }
}
