package org.pgknobs.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.pgknobs.collector.Derived;
import org.pgknobs.collector.WindowStats;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.Mode;
import org.pgknobs.experiment.Reference;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.results.PhaseResult;

/**
 * The table printed at the end of a suite and written as summary.md: per step the headline throughput,
 * goodput, change against the baseline, the published value and its change, the verdict, and the server's
 * side of the story (hit ratio, checkpoints, WAL, autovacuum, the work it got through, errors by SQLSTATE).
 * A step that completed nothing shows a bound (fewer than one per measured window), never a bare 0 or ∞.
 * Built from the files on disk only, so any result directory can be summarised again; SummaryMarkdown
 * renders it.
 */
public final class SummaryTable {

    /**
     * One row; null figures were not measured (step not done, or the collector lacked them).
     *
     * @param verdict       the step's verdict (see {@link Verdict}), the same on every repeat's row
     * @param interval      the step's effect against the base with its 95 % interval over the done repeats, in the
     *                      verdict's orientation (cumulative: slowdown, variants: ÷ base); null without a verdict
     */
    public record Row(int index, String name, int repeat, StepStatus status, String reason, Double throughput,
                      Double goodput, Double reference, Window window, Server server, Verdict verdict,
                      EffectInterval interval) {

        Row withVerdict(Verdict v, EffectInterval i) {
            return new Row(index, name, repeat, status, reason, throughput, goodput, reference, window, server, v, i);
        }

        /** Whether the published effect lies inside {@link #interval}; null without a verdict or an interval. */
        public Boolean publishedInside(Row publishedBase, boolean cumulative) {
            if (verdict == null || interval == null || !interval.present() || reference == null || reference <= 0
                    || publishedBase == null || publishedBase.reference() == null || publishedBase.reference() <= 0) {
                return null;
            }
            return interval.contains(cumulative ? publishedBase.reference() / reference : reference / publishedBase.reference());
        }
    }

    /**
     * The headline window of a row.
     *
     * @param seconds          its length; with {@code nothingCompleted} the bound is 1 / it
     * @param errors           errors by SQLSTATE with their share of attempts, null without the driver's breakdown
     */
    public record Window(Double seconds, boolean nothingCompleted, String errors, WorkDone work) {
    }

    /**
     * The collector's figures of a row's headline window.
     *
     * @param walMb             WAL written in the headline window, MB (10^6 bytes) as in report.md
     * @param autovacuumRuns    autovacuum runs that finished in the window (autovacuum_count deltas)
     * @param autovacuumStarted runs the workers started in the window; null in files written before it was collected
     */
    public record Server(Double hitRatio, Long checkpoints, Double walMb, Double autovacuumRuns, Long autovacuumStarted) {
    }

    private final Experiment experiment;
    private final List<Row> rows;
    private final SuiteRecord.Selection selection;
    private final Map<String, Change> estimates;

    /**
     * A step's change against the base as the verdict model decided it, in the table's orientation (cumulative:
     * slowdown, variants: ÷ base): the estimate, its interval and its mark, the figures of report.md's cell.
     */
    public record Change(Double estimate, EffectInterval interval, Mark mark) {
    }

    private SummaryTable(Experiment experiment, List<Row> rows, SuiteRecord.Selection selection,
                         Map<String, Change> estimates) {
        this.experiment = experiment;
        this.rows = rows;
        this.selection = selection;
        this.estimates = estimates;
    }

    /**
     * The step's change against the base as the report's verdict model estimates it, in the table's orientation
     * (cumulative: slowdown, variants: ÷ base): the ratio of geometric means its interval is built around, the same
     * number report.md prints (without an interval, the model's ratio of medians); null where the model has none.
     */
    public Double estimate(String step) {
        Change c = estimates.get(step);
        return c == null ? null : c.estimate();
    }

    /** {@link #estimate} with its interval and mark; null where the model has no estimate. */
    public Change change(String step) {
        return estimates.get(step);
    }

    public Experiment experiment() {
        return experiment;
    }

    public List<Row> rows() {
        return rows;
    }

    /** What --steps chose, as suite.json recorded it; null without --steps. */
    public SuiteRecord.Selection selection() {
        return selection;
    }

    /** Steps run with --steps-only that are not the published step, with why (no published value, no verdict). */
    public Map<String, String> notPublished() {
        return selection == null || selection.notPublished() == null ? Map.of() : selection.notPublished();
    }

    /**
     * The table of a finished run: {@code steps} as the report's own reader read suite.json's entries, in their
     * order (the same files, the same collector window, whichever driver wrote them); see
     * {@link ResultDirReader#summaryTable}.
     */
    static SummaryTable of(Experiment experiment, SuiteRecord suite, List<StepRun> steps, ReportData.Run model) {
        Optional<Reference> ref = experiment.reference();
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < suite.steps().size(); i++) {
            SuiteRecord.Entry e = suite.steps().get(i);
            Double reference = ref.map(r -> r.values().get(e.name())).orElse(null);
            StepRun step = steps.get(i);
            PhaseResult headline = step.result() == null || step.result().workload() == null ? null
                    : step.result().workload().headline();
            WindowStats w = headline == null ? null
                    : StepRun.headlineWindow(step.stats(), headline.name()).orElse(null);
            Derived d = w == null ? null : w.derived();
            Outcome o = headline == null ? null : Outcome.of(headline);
            rows.add(new Row(e.index(), e.name(), e.repeat(), step.status(), step.reason(),
                    headline == null ? null : headline.throughput(), headline == null ? null : headline.goodput(),
                    reference, new Window(headline == null ? null : headline.seconds(),
                            o != null && o.nothingCompleted(headline.throughput()), o == null ? null : o.errorsText(),
                            WorkDone.of(w)), server(d), null, null));
        }
        return new SummaryTable(experiment, withVerdicts(rows, model), suite.selection(), estimates(model));
    }

    /** Each step's point estimate against the base from the model: a sweep's table of the verdicts, else the steps. */
    private static Map<String, Change> estimates(ReportData.Run model) {
        Map<String, Change> out = new LinkedHashMap<>();
        Optional<ReportData.PhaseTable> table = verdictTable(model);
        if (table.isPresent()) {
            table.get().rows().stream().filter(r -> r.relative() != null)
                    .forEach(r -> out.put(r.step(), new Change(r.relative(), r.interval(), r.mark())));
        } else {
            // a step that completed nothing has a bound, not an estimate: its rows bound it themselves
            model.steps().stream().filter(s -> s.effect().slowdown() != null && s.effect().throughputBelow() == null)
                    .forEach(s -> out.put(s.name(), new Change(s.effect().slowdown(), s.effect().slowdownInterval(),
                            s.effect().mark())));
        }
        return out;
    }

    /** The sweep table the verdicts read: the reference's phase, else (no reference) the headline phase. */
    private static Optional<ReportData.PhaseTable> verdictTable(ReportData.Run model) {
        String phase = model.reference() == null ? model.setup().headlinePhase() : model.reference().phase();
        return model.sweep().stream().filter(t -> t.phase().equals(phase)).findFirst();
    }

    private static Server server(Derived d) {
        if (d == null) {
            return new Server(null, null, null, null, null);
        }
        return new Server(d.clientHitRatio(), d.checkpoints() == null ? null
                : d.checkpoints().done() != null ? d.checkpoints().done()
                : d.checkpoints().timed() + d.checkpoints().requested(),
                d.wal().bytes() == null ? null : d.wal().bytes().total() / 1e6,
                d.maintenance().autovacuumRuns() == null ? null : d.maintenance().autovacuumRuns().total(),
                d.autovacuum() == null ? null : d.autovacuum().startedRuns());
    }

    /**
     * Every row of a step gets the step's verdict and interval as the report's one verdict model decided them
     * ({@link VerdictModel}): a chain's from its steps (slowdown), a sweep's from the reference phase's table (÷ base);
     * this table computes none.
     */
    private static List<Row> withVerdicts(List<Row> rows, ReportData.Run model) {
        Map<String, Verdict> byStep = new LinkedHashMap<>();
        Map<String, EffectInterval> intervals = new LinkedHashMap<>();
        Optional<ReportData.PhaseTable> table = verdictTable(model);
        if (table.isPresent()) {
            for (ReportData.RelativeRow r : table.get().rows()) {
                Verdict v = Verdict.ofLabel(r.verdict());
                if (v != null) {
                    byStep.put(r.step(), v);
                    intervals.put(r.step(), r.interval());
                }
            }
        } else {
            for (ReportData.Step s : model.steps()) {
                Verdict v = Verdict.ofLabel(s.effect().verdict());
                if (v != null) {
                    byStep.put(s.name(), v);
                    intervals.put(s.name(), s.effect().slowdownInterval());
                }
            }
        }
        return rows.stream().map(r -> byStep.containsKey(r.name())
                ? r.withVerdict(byStep.get(r.name()), intervals.get(r.name())) : r).toList();
    }

    /** The step named base/baseline when there is one (an ablation runs full first), else the first done; or null. */
    public static Row baseRow(List<Row> rows) {
        return rows.stream().filter(r -> r.throughput() != null && r.status() == StepStatus.DONE)
                .min(java.util.Comparator.comparingInt((Row r) -> r.name().equals("base") || r.name().equals("baseline") ? 0 : 1))
                .orElse(null);
    }

    /**
     * The base's median throughput over its done repeats, the base's own figure: a step that completed nothing is
     * bounded against it (as report.md's); null without a base.
     */
    public static Double baseMedian(List<Row> rows) {
        Row base = baseRow(rows);
        Stat s = base == null ? null : Stat.of(doneThroughputs(rows, base.name()));
        return s == null ? null : s.median();
    }

    private static List<Double> doneThroughputs(List<Row> rows, String name) {
        return rows.stream().filter(r -> r.name().equals(name) && r.status() == StepStatus.DONE && r.throughput() != null)
                .map(Row::throughput).toList();
    }
}
