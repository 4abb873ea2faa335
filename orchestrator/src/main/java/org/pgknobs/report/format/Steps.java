package org.pgknobs.report.format;

import org.pgknobs.report.ReportData;

/** A step's effect cells as report.md and report.html both print them. */
final class Steps {

    private Steps() {
    }

    /** "1,204 (within noise, not steady)": the throughput cell with the marks a reader must see beside it. */
    static String throughput(ReportData.Step s) {
        String marks = (s.withinNoise() ? "within noise" : "") + (s.withinNoise() && s.notSteady() ? ", " : "")
                + (s.notSteady() ? "not steady" : "");
        return Fmt.throughput(s.throughput(), s.throughputBelow()) + (marks.isEmpty() ? "" : " (" + marks + ")");
    }

    /**
     * "×1.17 [1.09–1.26]"; a step that completed nothing only bounds it: "> ×120" from one transaction per window,
     * and its 95 % bound over the repeats where there is one, "> ×120 [≥ 41.3]".
     */
    static String slowdown(ReportData.Step s) {
        if (s.throughputBelow() != null) {
            var i = s.slowdownInterval();
            return "> " + Fmt.times(s.slowdown()) + (i != null && i.bound() ? " " + Fmt.interval(i) : "");
        }
        return Fmt.times(s.slowdown(), s.slowdownInterval());
    }

    /** "×1.05 [0.97–1.14] vs cache-8mb", or "-" where there is no step before but the base. */
    static String stepBefore(ReportData.Step s) {
        var i = s.stepBeforeInterval();
        if (i == null) {
            return Fmt.NONE;
        }
        return (i.present() && !i.bound() ? Fmt.times(i.ratio(), i) : Fmt.interval(i)) + " vs " + i.against();
    }

    /** A sweep's headline table: "Spread of base: CV 3.1 % over 3 repeats, ...; smallest effect detectable ...". */
    static java.util.Optional<String> spread(ReportData.PhaseTable t, ReportData.Run run) {
        return t.phase().equals(run.headlinePhase()) ? spreadLine(run) : java.util.Optional.empty();
    }

    /** A chain's steps table (no sweep table shows it): the same line, for its first step. */
    static java.util.Optional<String> chainSpread(ReportData.Run run) {
        return run.sweep().isEmpty() ? spreadLine(run) : java.util.Optional.empty();
    }

    private static java.util.Optional<String> spreadLine(ReportData.Run run) {
        return java.util.Optional.ofNullable(run.baseSpread()).map(s -> "Spread of " + s.sentence() + ".");
    }

    static String verdict(ReportData.Step s) {
        return Fmt.verdict(s.verdict(), s.publishedInside(), s.publishedSlowdown(), s.slowdownInterval(), "×");
    }
}
