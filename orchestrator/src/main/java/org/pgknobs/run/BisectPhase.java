package org.pgknobs.run;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.pgknobs.bisect.BisectResult;
import org.pgknobs.bisect.Bisection;
import org.pgknobs.bisect.Probe;
import org.pgknobs.bisect.RunOutcome;
import org.pgknobs.experiment.plan.ExperimentPlan;
import org.pgknobs.experiment.plan.PlannedRun;
import org.pgknobs.experiment.plan.PlannedStep;
import org.pgknobs.results.BisectRecord;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.StepResult;
import org.pgknobs.results.SuiteLayout;

/**
 * The runs of a setting's bisection ({@link SettingSearch}): the plan's steps are the candidates in order, and each
 * run the search asks for goes through {@code body} as one more run of that candidate's step (suite.json's entries,
 * {@code NN-name/rK} directories), from the same restored data as every other. bisect.json holds the path so far.
 */
public final class BisectPhase {

    private final ExperimentPlan plan;
    private final SuiteLayout layout;
    private final SettingSearch search;
    private final List<BisectRecord.Line> lines = new ArrayList<>();

    /** For the runner; {@link #line} is the one form of a probe in bisect.json. */
    BisectPhase(ExperimentPlan plan, SuiteLayout layout, SettingSearch search) {
        this.plan = plan;
        this.layout = layout;
        this.search = search;
    }

    void run(StepBody body) {
        List<PlannedStep> steps = plan.steps();
        List<String> labels = steps.stream().map(s -> String.valueOf(s.settings().get(search.setting()))).toList();
        Map<Integer, Integer> runsSoFar = new HashMap<>();
        int most = search.rules().repeats().max();
        Bisection bisection = new Bisection(labels, "value", search.rules(), (index, count) -> {
            List<RunOutcome> outcomes = new ArrayList<>();
            for (int k = 0; k < count; k++) {
                PlannedRun run = new PlannedRun(steps.get(index), runsSoFar.merge(index, 1, Integer::sum), most);
                StepResult result = body.run(body.planned(List.of(run)).get(0), run, null);
                if (result == null) {
                    throw new Interrupted();
                }
                outcomes.add(SettingSearch.outcome(result));
            }
            return outcomes;
        }, probe -> {
            lines.add(line(probe, labels));
            write("running", null);
            search.onProbe().accept(probe);
        });
        try {
            BisectResult result = bisection.run();
            write("done", result);
            search.onEnd().accept(result);
        } catch (Interrupted e) {
            write("interrupted", null);
        }
    }

    /** bisect.json's line of a probe. */
    public static BisectRecord.Line line(Probe probe, List<String> labels) {
        return new BisectRecord.Line(probe.label(), probe.probeClass().name().toLowerCase(java.util.Locale.ROOT),
                probe.throughputs(), probe.failure().orElse(null), probe.line(labels.get(0), labels.get(labels.size() - 1)));
    }

    private void write(String status, BisectResult result) {
        JsonFiles.write(layout.root().resolve("bisect.json"), new BisectRecord(BisectRecord.SCHEMA_VERSION, search.step(),
                search.setting(), plan.steps().stream().map(s -> String.valueOf(s.settings().get(search.setting())))
                .toList(), status, result == null ? null : result.kind().name().toLowerCase(java.util.Locale.ROOT),
                result == null ? null : result.summary(), lines, List.of()));
    }

    /** A signal stopped the suite while the search ran. */
    private static final class Interrupted extends RuntimeException {
        Interrupted() {
            super("interrupted", null, false, false);
        }
    }
}
