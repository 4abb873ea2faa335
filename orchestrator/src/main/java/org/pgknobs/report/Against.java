package org.pgknobs.report;

import java.util.List;
import java.util.Optional;
import org.pgknobs.report.captures.StepCaptures;
import org.pgknobs.report.why.Reason;

/**
 * What a step is set against.
 *
 * @param compared         the step it is told apart from (the step before in cumulative mode, the base in
 *                         variants); null for the base
 * @param comparedCaptures that step's median repeat's capture files; empty without
 * @param vsBase           its slowdown against the base with the interval; null for the base
 * @param vsStepBefore     cumulative only: against the step before, when that is not the base
 * @param noVerdict        the verdict when there is none to compute ({@value Verdict#NOT_THE_PUBLISHED_STEP}), or null
 * @param comparedRuns     the compared step's repeats; empty for the base
 * @param comparedWhy      the compared step's why-lines, when it was built before this step
 */
record Against(String compared, Optional<StepCaptures> comparedCaptures, EffectInterval vsBase,
               EffectInterval vsStepBefore, String noVerdict, List<StepRun> comparedRuns, List<Reason> comparedWhy) {

    Against {
        comparedRuns = comparedRuns == null ? List.of() : List.copyOf(comparedRuns);
        comparedWhy = comparedWhy == null ? List.of() : List.copyOf(comparedWhy);
    }

    /** The same, with the compared step's why-lines once they are said. */
    Against withComparedWhy(List<Reason> why) {
        return new Against(compared, comparedCaptures, vsBase, vsStepBefore, noVerdict, comparedRuns, why);
    }
}
