package org.pgknobs.report.diff;

import java.util.List;

/** The sections {@code pgknobs diff} prints, in order. */
public final class DiffSections {

    private DiffSections() {
    }

    public static List<DiffSection> all() {
        return List.of(new AutovacuumDiff(), new PlanDiffSection(), new StatementsDiff(), new ProfileDiffSection());
    }
}
