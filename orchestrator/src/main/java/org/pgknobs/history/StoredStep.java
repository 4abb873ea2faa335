package org.pgknobs.history;

/** A step read back from the history with its run's facts. */
public record StoredStep(RunFacts run, StepEntry step) {
}
