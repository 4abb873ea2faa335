package org.pgknobs.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.Observe;
import org.pgknobs.experiment.plan.ObservedSettings;
import org.pgknobs.experiment.plan.PlannedRun;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.RunEnvironment;
import org.pgknobs.results.RunTags;
import org.pgknobs.results.StepResult;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.SuiteLayout;
import org.pgknobs.results.SuiteRecord;

/**
 * Keeps suite.json and the steps' step.json up to date: every change is written at once, so the files
 * on disk always say how far the suite got. Not thread-safe: {@link SuiteInterruption} serialises the
 * runner's and the shutdown hook's calls.
 */
final class SuiteRecordWriter {

    private final SuiteLayout layout;
    private SuiteRecord record;
    /** The loads of the run a --resume finishes: this run's come after them. */
    private final List<SuiteRecord.DataLoad> earlierLoads;

    private SuiteRecordWriter(SuiteLayout layout, SuiteRecord record) {
        this.layout = layout;
        this.record = record;
        this.earlierLoads = record.loads();
    }

    /**
     * The record a suite starts with: steps an earlier run finished keep their result (--resume), steps
     * preflight rejected get a step.json saying why, every other step is pending.
     */
    static SuiteRecordWriter start(SuiteLayout layout, Experiment experiment, List<PlannedRun> order, SuiteRecord earlier,
                                   Map<String, String> rejected, RunEnvironment env, List<String> sets) {
        return start(layout, experiment, order, earlier, rejected, Map.of(), env, sets, RunTags.none(), null);
    }

    /**
     * @param notApplicable step name → why this PostgreSQL version cannot run it; recorded, never run
     * @param tags          the version, shard and host this directory is a part of
     * @param selection     what --steps chose, null without it
     */
    static SuiteRecordWriter start(SuiteLayout layout, Experiment experiment, List<PlannedRun> order, SuiteRecord earlier,
                                   Map<String, String> rejected, Map<String, String> notApplicable, RunEnvironment env,
                                   List<String> sets, RunTags tags, SuiteRecord.Selection selection) {
        List<SuiteRecord.Entry> entries = new ArrayList<>();
        for (PlannedRun p : order) {
            Path dir = StepOrder.dir(layout, p);
            String rel = layout.root().relativize(dir).toString();
            StepStatus status = StepStatus.PENDING;
            String reason = null;
            Path stepJson = SuiteLayout.stepJson(dir);
            if (earlier != null && Files.isRegularFile(stepJson)) {
                StepResult done = JsonFiles.read(stepJson, StepResult.class);
                if (done.status().isFinal()) {
                    status = done.status();
                    reason = done.reason();
                }
            }
            boolean na = notApplicable.containsKey(p.step().name());
            if (status == StepStatus.PENDING && (na || rejected.containsKey(p.step().name()))) {
                status = na ? StepStatus.NOT_APPLICABLE : StepStatus.REJECTED;
                reason = na ? notApplicable.get(p.step().name()) : rejected.get(p.step().name());
                JsonFiles.write(stepJson, new StepResult(p.step().index(), p.step().name(), p.repeat(), status, reason,
                        Instant.now(), Instant.now(), new StepResult.Settings(false, p.step().settings().size(), 0),
                        Map.of(), null, null));
            }
            entries.add(new SuiteRecord.Entry(p.step().index(), p.step().name(), p.repeat(), rel, status, reason));
        }
        Instant started = earlier != null ? earlier.progress().started() : Instant.now();
        SuiteRecord record = new SuiteRecord(new SuiteRecord.Origin(experiment.name(), String.valueOf(experiment.provenance().source()),
                experiment.provenance().profile().orElse(null), List.copyOf(sets), granted(experiment.optIns().grant())),
                new SuiteRecord.Progress("running", started,
                Instant.now()), env, entries, tags, List.of(), selection, earlier != null ? earlier.loads() : List.of(),
                null, observed(experiment), earlier != null ? earlier.bracket() : null);
        SuiteRecordWriter writer = new SuiteRecordWriter(layout, record);
        writer.write("running");
        return writer;
    }

    private static SuiteRecord.Granted granted(org.pgknobs.experiment.Grant grant) {
        return grant.kinds().isEmpty() ? null : new SuiteRecord.Granted(grant.kinds(), grant.by(), grant.sha256());
    }

    private static SuiteRecord.Observed observed(Experiment experiment) {
        return experiment.measurement().observe().isEmpty() ? null : new SuiteRecord.Observed(
                experiment.measurement().observe().stream().map(Observe::yamlName).toList(), ObservedSettings.added(experiment));
    }

    /** A step planned while the suite runs (an ablation's search candidate, a round of repeats: auto): pending, at the end. */
    int append(PlannedRun p) {
        List<SuiteRecord.Entry> entries = new ArrayList<>(record.steps());
        entries.add(new SuiteRecord.Entry(p.step().index(), p.step().name(), p.repeat(),
                layout.root().relativize(StepOrder.dir(layout, p)).toString(), StepStatus.PENDING, null));
        record = record.with(record.progress().status(), entries);
        write("running");
        return entries.size() - 1;
    }

    /** Where the clusters' data came from (loaded or from the load cache), into suite.json once it changed. */
    void loads(List<SuiteRecord.DataLoad> thisRun) {
        List<SuiteRecord.DataLoad> loads = new ArrayList<>(earlierLoads);
        loads.addAll(thisRun);
        if (!thisRun.isEmpty() && !loads.equals(record.loads())) {
            record = record.withLoads(loads);
            write(record.progress().status());
        }
    }

    /** {@code repeats: auto}: the rounds so far and the last decision, into suite.json. */
    void rounds(SuiteRecord.Rounds rounds) {
        record = record.withRounds(rounds);
        write("running");
    }

    /** The bracketed base's rule into suite.json, keeping the warm-ups an earlier run (--resume) recorded. */
    void bracket(String base, int every, String order) {
        List<SuiteRecord.Warmup> earlier = record.bracket() == null ? List.of() : record.bracket().warmups();
        record = record.withBracket(new SuiteRecord.Bracket(base, every, order, earlier));
        write("running");
    }

    /** The warm-ups recorded so far (an earlier run's too). */
    int warmups() {
        return record.bracket() == null ? 0 : record.bracket().warmups().size();
    }

    /** A warm-up run of the base ended: its step.json, then its line in suite.json's bracket. */
    void warmup(Path dir, StepResult result) {
        JsonFiles.write(SuiteLayout.stepJson(dir), result);
        List<SuiteRecord.Warmup> all = new ArrayList<>(record.bracket().warmups());
        all.add(new SuiteRecord.Warmup(layout.root().relativize(dir).toString(), result.status(), result.reason(),
                result.started(), BracketSchedule.throughput(result)));
        SuiteRecord.Bracket b = record.bracket();
        record = record.withBracket(new SuiteRecord.Bracket(b.base(), b.every(), b.order(), all));
        write("running");
    }

    /** The trial starts before the load, into suite.json. */
    void trialStarts(List<SuiteRecord.TrialStart> trials) {
        record = record.withTrialStarts(trials);
        write("running");
    }

    List<SuiteRecord.Entry> entries() {
        return record.steps();
    }

    SuiteLayout layout() {
        return layout;
    }

    /** Writes the step's step.json, then its new status into suite.json. */
    void finish(int i, StepResult result) {
        SuiteRecord.Entry e = record.steps().get(i);
        JsonFiles.write(SuiteLayout.stepJson(layout.root().resolve(e.dir())), result);
        setEntry(i, result.status(), result.reason());
        write("running");
    }

    /** Marks the running step interrupted (its step.json, if any, is left as it was). */
    void interrupted(int i) {
        setEntry(i, StepStatus.INTERRUPTED, "interrupted by a signal");
    }

    boolean anyFailed() {
        return record.steps().stream().anyMatch(e -> e.status() == StepStatus.FAILED);
    }

    void write(String status) {
        record = record.with(status, record.steps());
        JsonFiles.write(layout.suiteJson(), record);
    }

    private void setEntry(int i, StepStatus status, String reason) {
        SuiteRecord.Entry e = record.steps().get(i);
        List<SuiteRecord.Entry> entries = new ArrayList<>(record.steps());
        entries.set(i, new SuiteRecord.Entry(e.index(), e.name(), e.repeat(), e.dir(), status, reason));
        record = record.with(record.progress().status(), entries);
    }
}
