package org.pgknobs.experiment;

/**
 * What a step does on a PostgreSQL version that lacks one of its settings (io_method before 18):
 * {@code NA} marks the step "not applicable on 16" and runs nothing; {@code SKIP} runs the step without
 * the missing settings, and the cumulative chain goes on without them too. Either way the table says so.
 */
public enum MissingSetting {
    NA, SKIP
}
