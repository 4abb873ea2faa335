package org.pgknobs.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.pgknobs.collector.Derived;
import org.pgknobs.collector.PgStats;
import org.pgknobs.collector.PgStatsFiles;
import org.pgknobs.collector.WindowStats;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.Mode;
import org.pgknobs.experiment.Reference;
import org.pgknobs.experiment.yaml.ExperimentLoader;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.StepResult;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.SuiteLayout;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.workload.PhaseResult;

/**
 * The table printed at the end of a suite and written as summary.md: per step the headline throughput,
 * goodput, change against the baseline, the published value and its change, the verdict, and the server's
 * side of the story (hit ratio, checkpoints, WAL, autovacuum, the work it got through, errors by SQLSTATE).
 * A step that completed nothing shows a bound (fewer than one per measured window), never a bare 0 or ∞.
 * Built from the files on disk only, so any result directory can be summarised again.
 */
public final class SummaryTable {

    /**
     * One row; null figures were not measured (step not done, or the collector lacked them).
     *
     * @param windowSeconds length of the headline window; with {@code nothingCompleted} the bound is 1 / it
     * @param errors        errors by SQLSTATE with their share of attempts, null without the driver's breakdown
     * @param verdict       the step's verdict (see {@link Verdict}), the same on every repeat's row
     */
    public record Row(int index, String name, int repeat, StepStatus status, String reason, Double throughput,
                      Double goodput, Double reference, Double hitRatio, Long checkpoints, Double walMb,
                      Double autovacuumRuns, Double windowSeconds, boolean nothingCompleted, String errors,
                      WorkDone work, Verdict verdict) {

        Row withVerdict(Verdict v) {
            return new Row(index, name, repeat, status, reason, throughput, goodput, reference, hitRatio, checkpoints,
                    walMb, autovacuumRuns, windowSeconds, nothingCompleted, errors, work, v);
        }
    }

    private final Experiment experiment;
    private final List<Row> rows;

    private SummaryTable(Experiment experiment, List<Row> rows) {
        this.experiment = experiment;
        this.rows = rows;
    }

    public List<Row> rows() {
        return rows;
    }

    public static SummaryTable read(Path suiteDir) {
        SuiteLayout layout = new SuiteLayout(suiteDir);
        Experiment experiment = ExperimentLoader.load(layout.resolvedExperiment(), Optional.empty(), List.of());
        SuiteRecord suite = JsonFiles.read(layout.suiteJson(), SuiteRecord.class);
        Optional<Reference> ref = experiment.reference();
        List<Row> rows = new ArrayList<>();
        for (SuiteRecord.Entry e : suite.steps()) {
            Path dir = suiteDir.resolve(e.dir());
            Double reference = ref.map(r -> r.values().get(e.name())).orElse(null);
            Path stepJson = SuiteLayout.stepJson(dir);
            if (!Files.isRegularFile(stepJson)) {
                rows.add(new Row(e.index(), e.name(), e.repeat(), e.status(), e.reason(), null, null, reference,
                        null, null, null, null, null, false, null, null, null));
                continue;
            }
            StepResult step = JsonFiles.read(stepJson, StepResult.class);
            PhaseResult headline = step.workload() == null ? null : step.workload().headline();
            WindowStats w = headline == null ? null : window(dir, headline.name());
            Derived d = w == null ? null : w.derived();
            Outcome o = headline == null ? null : Outcome.of(headline);
            rows.add(new Row(e.index(), e.name(), e.repeat(), step.status(), step.reason(),
                    headline == null ? null : headline.throughput(), headline == null ? null : headline.goodput(),
                    reference, d == null ? null : d.clientHitRatio(),
                    d == null || d.checkpoints() == null ? null
                            : d.checkpoints().done() != null ? d.checkpoints().done()
                            : d.checkpoints().timed() + d.checkpoints().requested(),
                    d == null || d.walBytes() == null ? null : d.walBytes().total() / (1024.0 * 1024.0),
                    d == null || d.autovacuumRuns() == null ? null : d.autovacuumRuns().total(),
                    headline == null ? null : headline.seconds(),
                    o != null && o.nothingCompleted(headline.throughput()), o == null ? null : o.errorsText(),
                    WorkDone.of(w), null));
        }
        return new SummaryTable(experiment, withVerdicts(rows, experiment.mode() == Mode.CUMULATIVE));
    }

    private static WindowStats window(Path dir, String phase) {
        Path json = PgStatsFiles.json(dir, "");
        if (!Files.isRegularFile(json)) {
            return null;
        }
        PgStats stats = PgStatsFiles.read(json);
        return stats.windows().stream().filter(w -> w.phase().equals(phase)).findFirst().orElse(null);
    }

    /** Every row of a step gets the step's verdict: its median over the done repeats against the base's. */
    private static List<Row> withVerdicts(List<Row> rows, boolean cumulative) {
        Row base = baseRow(rows);
        Row refBase = rows.stream().filter(r -> r.reference() != null).findFirst().orElse(null);
        if (base == null || refBase == null) {
            return rows;
        }
        Stat baseStat = Stat.of(doneThroughputs(rows, base.name()));
        Map<String, Verdict> byStep = new LinkedHashMap<>();
        for (Row r : rows) {
            if (r.name().equals(base.name()) || r.reference() == null || byStep.containsKey(r.name())) {
                continue;
            }
            Stat s = Stat.of(doneThroughputs(rows, r.name()));
            if (s == null || baseStat == null || baseStat.median() <= 0) {
                continue;
            }
            boolean bound = s.median() == 0 && r.windowSeconds() != null && r.windowSeconds() > 0;
            double value = bound ? 1 / r.windowSeconds() : s.median();
            Double ours = value <= 0 ? null : cumulative ? baseStat.median() / value : value / baseStat.median();
            Double published = r.reference() <= 0 || refBase.reference() <= 0 ? null
                    : cumulative ? refBase.reference() / r.reference() : r.reference() / refBase.reference();
            byStep.put(r.name(), Verdict.of(ours, bound, published, !bound && baseStat.spans(s.median())));
        }
        return rows.stream().map(r -> byStep.containsKey(r.name()) ? r.withVerdict(byStep.get(r.name())) : r).toList();
    }

    /** The step named base/baseline when there is one (an ablation runs full first), else the first done. */
    private static Row baseRow(List<Row> rows) {
        return rows.stream().filter(r -> r.throughput() != null && r.status() == StepStatus.DONE)
                .min(java.util.Comparator.comparingInt((Row r) -> r.name().equals("base") || r.name().equals("baseline") ? 0 : 1))
                .orElse(null);
    }

    private static List<Double> doneThroughputs(List<Row> rows, String name) {
        return rows.stream().filter(r -> r.name().equals(name) && r.status() == StepStatus.DONE && r.throughput() != null)
                .map(Row::throughput).toList();
    }

    /** Markdown: also what is printed to the terminal. */
    public String markdown() {
        boolean cumulative = experiment.mode() != Mode.VARIANTS;
        String metric = experiment.reference().map(Reference::metric).orElse("throughput");
        Row base = baseRow(rows);
        Row refBase = rows.stream().filter(r -> r.reference() != null).findFirst().orElse(null);
        String change = cumulative ? "slowdown ×" : "÷ base";
        StringBuilder sb = new StringBuilder();
        sb.append("# ").append(experiment.name()).append(": summary\n\n");
        sb.append("| # | step | status | ").append(metric).append(" | goodput | ").append(change)
                .append(" | published | published ").append(change)
                .append(" | verdict | hit ratio | checkpoints | WAL MB | autovacuum runs | rows read/s | blocks read/s"
                        + " | failed (SQLSTATE: count, % of attempts) |\n");
        sb.append("|---:|---|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---|\n");
        for (Row r : rows) {
            sb.append("| ").append(r.index()).append(r.repeat() > 1 ? "." + r.repeat() : "")
                    .append(" | ").append(r.name())
                    .append(" | ").append(r.status().json())
                    .append(" | ").append(r.nothingCompleted() ? "< " + num(1 / r.windowSeconds()) + " (none in "
                            + String.format(Locale.ROOT, "%.0f", r.windowSeconds()) + " s)" : num(r.throughput()))
                    .append(" | ").append(num(r.goodput()))
                    .append(" | ").append(change(base, r, cumulative))
                    .append(" | ").append(num(r.reference()))
                    .append(" | ").append(ratio(refBase == null ? null : refBase.reference(), r.reference(), cumulative))
                    .append(" | ").append(r.verdict() == null ? "–" : r.verdict().label())
                    .append(" | ").append(r.hitRatio() == null ? "–" : String.format(Locale.ROOT, "%.1f %%", 100 * r.hitRatio()))
                    .append(" | ").append(r.checkpoints() == null ? "–" : r.checkpoints().toString())
                    .append(" | ").append(num(r.walMb()))
                    .append(" | ").append(r.autovacuumRuns() == null ? "–" : String.format(Locale.ROOT, "%.0f", r.autovacuumRuns()))
                    .append(" | ").append(r.work() == null ? "–" : num(r.work().rowsPerSecond()))
                    .append(" | ").append(r.work() == null ? "–" : num(r.work().blocksReadPerSecond()))
                    .append(" | ").append(r.errors() == null ? "–" : r.errors())
                    .append(" |\n");
        }
        verdictLine(sb, base);
        List<Row> notes = rows.stream().filter(r -> r.reason() != null).toList();
        if (!notes.isEmpty()) {
            sb.append('\n');
            notes.forEach(r -> sb.append("- ").append(r.name()).append(": ").append(r.reason().replace('\n', ' ')).append('\n'));
        }
        experiment.reference().ifPresent(ref -> sb.append("\nPublished values: ").append(ref.source())
                .append(ref.notes() == null || ref.notes().isBlank() ? "" : " — " + ref.notes().strip().replace('\n', ' '))
                .append('\n'));
        return sb.toString();
    }

    /** One line per suite: how many published steps (the base aside) were reproduced, in what sense. */
    private void verdictLine(StringBuilder sb, Row base) {
        List<String> published = rows.stream().filter(r -> r.reference() != null && (base == null || !r.name().equals(base.name())))
                .map(Row::name).distinct().toList();
        if (published.isEmpty()) {
            return;
        }
        Map<Verdict, Long> counts = new EnumMap<>(Verdict.class);
        published.forEach(n -> rows.stream().filter(r -> r.name().equals(n)).findFirst().map(Row::verdict)
                .ifPresent(v -> counts.merge(v, 1L, Long::sum)));
        sb.append("\nVerdict: ").append(Verdict.summary(counts, published.size())).append(".\n");
    }

    /** The change against the base; a step that completed nothing only bounds it. */
    private static String change(Row base, Row r, boolean cumulative) {
        Double b = base == null ? null : base.throughput();
        if (r.nothingCompleted() && b != null && b > 0) {
            double bound = 1 / r.windowSeconds();
            return cumulative ? "> " + num(b / bound) : "< " + String.format(Locale.ROOT, "%.2g", bound / b);
        }
        return ratio(b, r.throughput(), cumulative);
    }

    /** Cumulative: how many times slower than the base; variants: value ÷ base. */
    static String ratio(Double base, Double value, boolean cumulative) {
        if (base == null || value == null || base == 0) {
            return "–";
        }
        if (cumulative) {
            return value == 0 ? "∞" : num(base / value);
        }
        return String.format(Locale.ROOT, "%.2f", value / base);
    }

    /** Three significant figures for small numbers (0.017 tps must not print as 0), none for large ones. */
    static String num(Double v) {
        if (v == null) {
            return "–";
        }
        double a = Math.abs(v);
        if (a >= 100) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (a >= 10) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        if (a >= 1 || a == 0) {
            return String.format(Locale.ROOT, "%.2f", v);
        }
        return new java.math.BigDecimal(v).round(new java.math.MathContext(3)).stripTrailingZeros().toPlainString();
    }
}
