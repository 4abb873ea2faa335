package org.pgknobs.report.format;

import java.util.ArrayList;
import java.util.List;
import org.pgknobs.report.ReportData;
import org.pgknobs.report.statements.StatementTable;

/** The top-statements table of a step, as cells both report formats render (from statements.json). */
final class StatementRows {

    static final List<String> HEADER = List.of("statement", "server time %", "before %", "calls/s", "mean ms",
            "mean before ms", "mean ×", "rows", "blocks read", "WAL bytes");

    private StatementRows() {
    }

    /** "**cache-8mb** against base, window tpcc of 60 s, 4 210 ms of server time: evictions ...". */
    static String caption(ReportData.Step s) {
        StatementTable t = s.captured().statements();
        return s.name() + (t.against() == null ? "" : " against " + t.against()) + ": window " + t.phase() + " of "
                + Fmt.num(t.seconds()) + " s, " + Fmt.num(t.serverMs()) + " ms of statement execution"
                + (t.note() == null ? "" : "; " + t.note());
    }

    static List<List<String>> rows(StatementTable t) {
        List<List<String>> out = new ArrayList<>();
        for (StatementTable.Row r : t.top()) {
            out.add(List.of(r.statement(), Fmt.percent(r.share()), Fmt.percent(r.compared().shareBefore()), Fmt.num(r.callsPerSecond()),
                    Fmt.num(r.meanExecMs()), Fmt.num(r.compared().meanBefore()), Fmt.times(r.compared().meanFactor()), Fmt.num(r.rows()),
                    Fmt.num(r.sharedBlksRead()), Fmt.num(r.walBytes())));
        }
        return out;
    }

    static boolean any(ReportData.Run run) {
        return run.steps().stream().anyMatch(s -> s.captured().statements() != null);
    }
}
