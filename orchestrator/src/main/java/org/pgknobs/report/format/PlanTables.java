package org.pgknobs.report.format;

import java.util.ArrayList;
import java.util.List;
import org.pgknobs.report.ReportData;
import org.pgknobs.report.plans.PlanChange;

/** The plan changes of a run's steps: the same cells for report.md and report.html. */
final class PlanTables {

    static final List<String> HEADER = List.of("step", "against", "statement", "plan before", "plan after",
            "share of server time");

    private PlanTables() {
    }

    /** Whether any step had plans to compare (then the section is shown, changes or not). */
    static boolean compared(ReportData.Run run) {
        return run.steps().stream().anyMatch(s -> s.captured().plans() != null);
    }

    static String intro(ReportData.Run run) {
        return rows(run).isEmpty()
                ? "No statement's plan changed between the steps compared (plans.json of each step)."
                : "Statements whose plan differs from the step compared with (plans.json: EXPLAIN before each step's"
                        + " warm-up; share: statements.json of the later step, where captured).";
    }

    static List<List<String>> rows(ReportData.Run run) {
        List<List<String>> out = new ArrayList<>();
        for (ReportData.Step s : run.steps()) {
            if (s.captured().plans() == null) {
                continue;
            }
            for (PlanChange c : s.captured().plans().changes()) {
                out.add(List.of(s.name(), s.captured().plans().against(), c.statement(), c.before(), c.after(),
                        c.serverTimeShare() == null ? Fmt.NONE : Fmt.percent(c.serverTimeShare()) + " %"));
            }
        }
        return out;
    }
}
