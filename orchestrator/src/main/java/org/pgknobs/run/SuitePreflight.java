package org.pgknobs.run;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgknobs.BadInputException;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.WorkloadSpec;
import org.pgknobs.experiment.plan.ExperimentPlan;
import org.pgknobs.experiment.plan.PlannedStep;
import org.pgknobs.experiment.yaml.ExperimentLoader;
import org.pgknobs.overlay.ConnectionBudget;
import org.pgknobs.overlay.OverlayEngine;
import org.pgknobs.overlay.OverlayRejectedException;
import org.pgknobs.overlay.Problem;
import org.pgknobs.overlay.SettingsCatalog;
import org.pgknobs.run.data.Clusters;
import org.pgknobs.server.Server;

/**
 * Checks every step's settings against the real server before anything is loaded or written. Values
 * this server build lacks (lz4, io_uring) reject just their step; anything else is bad input.
 */
final class SuitePreflight {

    /**
     * @param rejected        step name → why it cannot run here
     * @param settingsToApply step name → its settings, max_connections raised where the workload needs it
     */
    record Verdict(Map<String, String> rejected, Map<String, Map<String, Object>> settingsToApply) {

        /** Nothing to check: every step of this suite is not applicable on its version. */
        static Verdict none() {
            return new Verdict(Map.of(), Map.of());
        }

        Map<String, Object> settingsFor(PlannedStep step) {
            return settingsToApply.getOrDefault(step.name(), step.settings());
        }
    }

    private SuitePreflight() {
    }

    static Verdict check(ExperimentPlan plan, Clusters clusters, OverlayEngine engine, PrintStream out) {
        Server server = clusters.first(plan);
        Map<String, String> rejected = new LinkedHashMap<>();
        Map<String, Map<String, Object>> settingsToApply = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        int connections = connectionsNeeded(plan.experiment().workload());
        for (PlannedStep step : plan.steps()) {
            try {
                SettingsCatalog catalog = engine.preflight(server, step.settings());
                ConnectionBudget.Fitted fitted = ConnectionBudget.fit(connections, step.settings(), catalog);
                if (fitted.decision().raised()) {
                    out.println("step " + step.name() + ": " + fitted.decision().note());
                }
                settingsToApply.put(step.name(), fitted.settings());
            } catch (OverlayRejectedException e) {
                settingsToApply.put(step.name(), step.settings());
                boolean onlyBuild = e.problems().stream().allMatch(pr -> pr.unsupportedByBuild());
                if (onlyBuild) {
                    rejected.put(step.name(), "not supported by this server build: " + e.getMessage());
                } else {
                    e.problems().stream().filter(pr -> !pr.unsupportedByBuild())
                            .forEach(pr -> problems.add(located(plan.experiment(), step, pr)));
                }
            }
            if (clusters.external() && !step.initdb().isEmpty()) {
                rejected.put(step.name(), "needs its own cluster (initdb " + String.join(" ", step.initdb())
                        + "), which an external server cannot provide");
            }
        }
        if (!problems.isEmpty()) {
            String checked = server.describe();
            clusters.release(true);
            throw new BadInputException(String.join("\n", problems.stream().distinct().toList()) + "\n  (checked against " + checked
                    + "; nothing was changed)\n  fix: correct or remove the setting at that line; "
                    + "PostgreSQL's valid values and units are in pg_settings (SHOW name, or the docs)");
        }
        return new Verdict(rejected, settingsToApply);
    }

    /** Client connections a run opens, which max_connections must leave room for. */
    static int connectionsNeeded(WorkloadSpec workload) {
        return switch (workload.kind()) {
            case TPCC -> workload.tpcc().terminals();
            // per client: an inserting, a deleting and a querying connection
            case INSERTBENCH -> 3 * workload.insertbench().clients();
        };
    }

    /** A preflight problem as file:line of the setting (so the user can jump to it), step and message. */
    private static String located(Experiment experiment, PlannedStep step, Problem problem) {
        String where = ExperimentLoader.whereSet(experiment, step.name(), problem.name())
                .orElse(String.valueOf(experiment.provenance().source()));
        return where + ": step " + step.name() + ": " + problem;
    }
}
