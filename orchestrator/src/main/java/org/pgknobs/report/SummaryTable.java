package org.pgknobs.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.pgknobs.collector.Derived;
import org.pgknobs.collector.PgStats;
import org.pgknobs.collector.PgStatsFiles;
import org.pgknobs.collector.WindowStats;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.ExperimentLoader;
import org.pgknobs.experiment.Mode;
import org.pgknobs.experiment.Reference;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.StepResult;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.SuiteLayout;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.workload.PhaseResult;

/**
 * The table printed at the end of a suite and written as summary.md: per step the headline throughput,
 * goodput, change against the baseline, the published value and its change, and the server's side of
 * the story (hit ratio, checkpoints, WAL, autovacuum). Built from the files on disk only, so any result
 * directory can be summarised again.
 */
public final class SummaryTable {

    /** One row; null figures were not measured (step not done, or the collector lacked them). */
    public record Row(int index, String name, int repeat, StepStatus status, String reason, Double throughput,
                      Double goodput, Double reference, Double hitRatio, Long checkpoints, Double walMb,
                      Double autovacuumRuns) {
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
                        null, null, null, null));
                continue;
            }
            StepResult step = JsonFiles.read(stepJson, StepResult.class);
            PhaseResult headline = step.workload() == null ? null : step.workload().headline();
            Derived d = headline == null ? null : derived(dir, headline.name());
            rows.add(new Row(e.index(), e.name(), e.repeat(), step.status(), step.reason(),
                    headline == null ? null : headline.throughput(), headline == null ? null : headline.goodput(),
                    reference, d == null ? null : d.clientHitRatio(),
                    d == null || d.checkpoints() == null ? null
                            : d.checkpoints().done() != null ? d.checkpoints().done()
                            : d.checkpoints().timed() + d.checkpoints().requested(),
                    d == null || d.walBytes() == null ? null : d.walBytes().total() / (1024.0 * 1024.0),
                    d == null || d.autovacuumRuns() == null ? null : d.autovacuumRuns().total()));
        }
        return new SummaryTable(experiment, rows);
    }

    private static Derived derived(Path dir, String phase) {
        Path json = PgStatsFiles.json(dir, "");
        if (!Files.isRegularFile(json)) {
            return null;
        }
        PgStats stats = PgStatsFiles.read(json);
        return stats.windows().stream().filter(w -> w.phase().equals(phase)).findFirst()
                .map(WindowStats::derived).orElse(null);
    }

    /** Markdown: also what is printed to the terminal. */
    public String markdown() {
        boolean cumulative = experiment.mode() != Mode.VARIANTS;
        String metric = experiment.reference().map(Reference::metric).orElse("throughput");
        // the step named base/baseline when there is one (an ablation runs full first), else the first done
        Row base = rows.stream().filter(r -> r.throughput() != null && r.status() == StepStatus.DONE)
                .min(java.util.Comparator.comparingInt((Row r) -> r.name().equals("base") || r.name().equals("baseline") ? 0 : 1))
                .orElse(null);
        Row refBase = rows.stream().filter(r -> r.reference() != null).findFirst().orElse(null);
        String change = cumulative ? "slowdown ×" : "÷ base";
        StringBuilder sb = new StringBuilder();
        sb.append("# ").append(experiment.name()).append(": summary\n\n");
        sb.append("| # | step | status | ").append(metric).append(" | goodput | ").append(change)
                .append(" | published | published ").append(change)
                .append(" | hit ratio | checkpoints | WAL MB | autovacuum runs |\n");
        sb.append("|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Row r : rows) {
            sb.append("| ").append(r.index()).append(r.repeat() > 1 ? "." + r.repeat() : "")
                    .append(" | ").append(r.name())
                    .append(" | ").append(r.status().json())
                    .append(" | ").append(num(r.throughput()))
                    .append(" | ").append(num(r.goodput()))
                    .append(" | ").append(ratio(base == null ? null : base.throughput(), r.throughput(), cumulative))
                    .append(" | ").append(num(r.reference()))
                    .append(" | ").append(ratio(refBase == null ? null : refBase.reference(), r.reference(), cumulative))
                    .append(" | ").append(r.hitRatio() == null ? "–" : String.format(Locale.ROOT, "%.1f %%", 100 * r.hitRatio()))
                    .append(" | ").append(r.checkpoints() == null ? "–" : r.checkpoints().toString())
                    .append(" | ").append(num(r.walMb()))
                    .append(" | ").append(r.autovacuumRuns() == null ? "–" : String.format(Locale.ROOT, "%.0f", r.autovacuumRuns()))
                    .append(" |\n");
        }
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
