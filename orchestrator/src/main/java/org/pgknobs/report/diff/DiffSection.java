package org.pgknobs.report.diff;

import java.util.List;
import org.pgknobs.report.StepRun;

/**
 * One part of {@code pgknobs diff}: what changed between two steps in one kind of figure (settings,
 * throughput, stat deltas, plans, statements, profile, autovacuum), from the two steps as read.
 */
public interface DiffSection {

    /** The section's heading, e.g. "plans". */
    String title();

    /**
     * Lines for the terminal comparing step {@code a} (before) with step {@code b} (after). Empty when
     * neither step has this kind of figure; one line saying which step lacks it, and why when known, when
     * only one has it.
     */
    List<String> lines(StepRun a, StepRun b);
}
