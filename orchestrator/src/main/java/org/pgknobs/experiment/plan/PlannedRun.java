package org.pgknobs.experiment.plan;

/** One run of the plan: a step and which repeat of it (1-based; {@code repeats} of the experiment in all). */
public record PlannedRun(PlannedStep step, int repeat, int repeats) {

    /** "a3 r2" when the experiment repeats, else the step's name: how a run is named in tables. */
    public String label() {
        return step.name() + (repeats > 1 ? " r" + repeat : "");
    }
}
