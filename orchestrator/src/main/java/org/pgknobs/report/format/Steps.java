package org.pgknobs.report.format;

import java.util.List;
import org.pgknobs.report.ReportData;

/** A step's effect cells and server figures as report.md and report.html both print them. */
final class Steps {

    private Steps() {
    }

    /** "1,204 (within noise, not steady)": the throughput cell with the marks a reader must see beside it. */
    static String throughput(ReportData.Step s) {
        boolean noise = s.effect().withinNoise();
        String marks = (noise ? "within noise" : "") + (noise && s.notSteady() ? ", " : "")
                + (s.notSteady() ? "not steady" : "");
        return Fmt.throughput(s.effect().throughput(), s.effect().throughputBelow())
                + (marks.isEmpty() ? "" : " (" + marks + ")");
    }

    /**
     * "×1.17 [1.09–1.26]"; a step that completed nothing only bounds it: "> ×120" from one transaction per window,
     * and its 95 % bound over the repeats where there is one, "> ×120 [≥ 41.3]".
     */
    static String slowdown(ReportData.Step s, String shared) {
        if (s.effect().throughputBelow() != null) {
            var i = s.effect().slowdownInterval();
            return "> " + Fmt.times(s.effect().slowdown()) + (i != null && i.bound() ? " " + Fmt.interval(i) : "");
        }
        return Fmt.times(s.effect().slowdown(), s.effect().slowdownInterval(), shared);
    }

    /**
     * As {@link #slowdown}, bold with ▼ (slower) or ▲ (faster) where the run's verdict model marks the step (the same
     * rule as every other table): "**×150 ▼** [15.9–896]".
     */
    static String markedSlowdown(ReportData.Step s, String shared) {
        String cell = slowdown(s, shared);
        org.pgknobs.report.Mark mark = s.effect().mark();
        if (!mark.shown()) {
            return cell;
        }
        int end = cell.indexOf(' ', cell.startsWith("> ") ? 2 : 0);
        String value = end < 0 ? cell : cell.substring(0, end);
        return "**" + value + (mark == org.pgknobs.report.Mark.DOWN ? " ▼" : " ▲") + "**"
                + (end < 0 ? "" : cell.substring(end));
    }

    /**
     * "×1.05 [0.97–1.14] vs cache-8mb", or "-" where there is no step before but the base; "×1.40 ▼ [1.2–1.6] vs
     * cache-8mb" where the verdict model marks it (the comparison the step's why-lines read, so its why-gate).
     */
    static String stepBefore(ReportData.Step s, String shared) {
        return stepBefore(s, shared, "");
    }

    /** As {@link #stepBefore(ReportData.Step, String)}, the marked value in bold: report.md's cell. */
    static String markedStepBefore(ReportData.Step s, String shared) {
        return stepBefore(s, shared, "**");
    }

    private static String stepBefore(ReportData.Step s, String shared, String bold) {
        var i = s.effect().stepBeforeInterval();
        if (i == null) {
            return Fmt.NONE;
        }
        String cell = (i.present() && !i.bound() ? Fmt.times(i.ratio(), i) : Fmt.interval(i, shared)) + " vs "
                + i.against();
        org.pgknobs.report.Mark mark = stepBeforeMark(s);
        if (mark == org.pgknobs.report.Mark.NONE || i.bound()) {
            return cell;
        }
        int end = cell.indexOf(' ');
        return bold + cell.substring(0, end) + (mark == org.pgknobs.report.Mark.DOWN ? " ▼" : " ▲") + bold
                + cell.substring(end);
    }

    /**
     * The throughput's mark against the step before (DOWN: slower), as the verdict model decided it: the why-gate of a
     * chain's step reads that comparison, so DIFFERS there is its mark; NONE elsewhere.
     */
    static org.pgknobs.report.Mark stepBeforeMark(ReportData.Step s) {
        var i = s.effect().stepBeforeInterval();
        return i == null || s.diagnosis().whyGate() != org.pgknobs.report.why.Comparison.Throughput.DIFFERS
                ? org.pgknobs.report.Mark.NONE : org.pgknobs.report.Mark.of(i).flipped();
    }

    /**
     * The no-interval reason every interval-less cell of the steps table shares (said once under it), or null; the
     * slowdown cells of steps that completed nothing do not print it, so they do not count.
     */
    static String sharedNoInterval(ReportData.Run run) {
        List<org.pgknobs.report.EffectInterval> all = new java.util.ArrayList<>();
        for (ReportData.Step s : run.steps()) {
            if (s.effect().throughputBelow() == null && s.effect().slowdown() != null) {
                all.add(s.effect().slowdownInterval());
            }
            all.add(s.effect().stepBeforeInterval());
        }
        return Fmt.sharedNoInterval(all);
    }

    /** A sweep's headline table: "Spread of base: CV 3.1 % over 3 repeats, ...; smallest effect detectable ...". */
    static java.util.Optional<String> spread(ReportData.PhaseTable t, ReportData.Run run) {
        return t.phase().equals(run.setup().headlinePhase()) ? spreadLine(run) : java.util.Optional.empty();
    }

    /** A chain's steps table (no sweep table shows it): the same line, for its first step. */
    static java.util.Optional<String> chainSpread(ReportData.Run run) {
        return run.sweep().isEmpty() ? spreadLine(run) : java.util.Optional.empty();
    }

    private static java.util.Optional<String> spreadLine(ReportData.Run run) {
        return java.util.Optional.ofNullable(run.baseSpread()).map(s -> "Spread of " + s.sentence() + "."
                + (s.drift() == null ? "" : " " + s.drift().sentence() + ".")
                + (s.noiseModel() == null ? "" : " " + s.noiseModel() + "."));
    }

    /** The report's top line when the bracketed base moved beyond the noise of its windows (docs/statistics.md). */
    static java.util.Optional<String> driftFinding(ReportData.Run run) {
        return java.util.Optional.ofNullable(run.drift()).flatMap(org.pgknobs.report.Drift::finding);
    }

    /**
     * "max_wal_size (0 checkpoints)": the step's changed settings that had nothing to act on in the headline
     * window (the one whose counters the rule read); "-" for none known, and in the other phases' tables.
     */
    static String nothingToActOn(ReportData.PhaseTable t, ReportData.Run run, String step) {
        if (!t.phase().equals(run.setup().headlinePhase())) {
            return Fmt.NONE;
        }
        return run.steps().stream().filter(s -> s.name().equals(step)).findFirst()
                .map(s -> s.diagnosis().nothingToActOn()).filter(l -> !l.isEmpty())
                .map(l -> String.join("; ", l.stream().map(org.pgknobs.report.why.Inert::brief).toList()))
                .orElse(Fmt.NONE);
    }

    static String verdict(ReportData.Step s) {
        ReportData.Effect e = s.effect();
        return Fmt.verdict(e.verdict(), e.publishedInside(), e.publishedSlowdown(), e.slowdownInterval(), "×");
    }

    /**
     * What the per-transaction figures divide by: "row" for the insert benchmark, whose driver counts inserted rows as
     * its transactions (the collector's count from the workload), "txn" otherwise.
     */
    static String unit(ReportData.Run run) {
        String workload = run.setup().workload();
        return workload != null && workload.startsWith(org.pgknobs.workload.insertbench.InsertBenchWorkload.KIND + " ")
                ? "row" : "txn";
    }

    /**
     * p50, p95, p99 ms, hit %, WAL MB, WAL kB/txn, FPI/txn, checkpoints timed/requested, every s, autovacuum/min,
     * rows and blocks read/s, errors by SQLSTATE, top waits.
     */
    static List<String> serverFigures(ReportData.Step s) {
        ReportData.Window w = s.window();
        ReportData.Server v = s.server();
        String noIo = v.hitRatio() == null ? v.notAvailable().get(org.pgknobs.collector.QueryCatalog.IO) : null;
        String noWal = v.walMB() == null ? v.notAvailable().get(org.pgknobs.collector.QueryCatalog.WAL) : null;
        return List.of(Fmt.num(w.p50Ms()), Fmt.num(w.p95Ms()), Fmt.num(w.p99Ms()), noIo != null ? noIo : Fmt.percent(v.hitRatio()),
                noWal != null ? noWal : Fmt.num(v.walMB()), noWal != null ? noWal : Fmt.num(v.walKBPerTxn()),
                noWal != null ? noWal : Fmt.num(v.fpiPerTxn()),
                Fmt.checkpoints(v.checkpointsTimed(), v.checkpointsRequested()), Fmt.num(v.checkpointMeanSeconds()),
                Fmt.num(v.autovacuumPerMinute()), w.work() == null ? Fmt.NONE : Fmt.num(w.work().rowsPerSecond()),
                w.work() == null ? Fmt.NONE : Fmt.num(w.work().blocksReadPerSecond()),
                w.errors() == null ? Fmt.NONE : w.errors(),
                v.topWaits().isEmpty() ? Fmt.NONE : String.join(", ", v.topWaits()));
    }
}
