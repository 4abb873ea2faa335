package org.pgknobs.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.pgknobs.collector.AutovacuumActivity;

/** How report.md, report.html, summary.md and {@code pgknobs diff} word a step's autovacuum activity. */
public final class AutovacuumText {

    /** Tables named in one line; the rest are counted. */
    static final int TABLES = 5;

    private AutovacuumText() {
    }

    /**
     * "workers on order_line 64 % of the window (vacuuming indexes), stock 12 % (scanning heap); runs 1 running
     * since before the window, 3 started, 0 finished; 2 entries in autovacuum.log", or empty when the window shows no autovacuum at all.
     */
    public static Optional<String> line(ReportData.Autovacuum av) {
        AutovacuumActivity a = av == null ? null : av.activity();
        if (a == null || !active(a)) {
            return av == null || av.logEntries() == null || av.logEntries() == 0 ? Optional.empty()
                    : Optional.of(av.logEntries() + " entries in autovacuum.log");
        }
        List<String> tables = new ArrayList<>();
        for (AutovacuumActivity.Table t : a.tables()) {
            if (t.workerSeconds() > 0) {
                tables.add(String.format(Locale.ROOT, "%s %.0f %%", t.table(), 100 * t.share())
                        + (t.furthestPhase() == null ? "" : " (" + t.furthestPhase() + ")"));
            } else if (t.finished() > 0 || t.analyzesFinished() > 0) {
                tables.add(t.table() + " (finished between samples)");
            }
        }
        String named = tables.size() <= TABLES ? String.join(", ", tables)
                : String.join(", ", tables.subList(0, TABLES)) + " and " + (tables.size() - TABLES) + " more";
        StringBuilder sb = new StringBuilder();
        if (!named.isEmpty()) {
            sb.append(a.workerSeconds() > 0 ? "workers on " : "").append(named)
                    .append(a.workerSeconds() > 0 ? " of the window" : "").append("; ");
        }
        sb.append("runs ").append(a.runsText());
        if (av.logEntries() != null) {
            sb.append("; ").append(av.logEntries()).append(" entries in autovacuum.log");
        }
        return Optional.of(sb.toString());
    }

    /** The summary's "autovacuum runs" cell: "3/0" (started/finished), or the finished runs alone in older files. */
    public static String runs(Long started, Double finished) {
        if (finished == null) {
            return "–";
        }
        String f = String.format(Locale.ROOT, "%.0f", finished);
        return started == null ? f : started + "/" + f;
    }

    static boolean active(AutovacuumActivity a) {
        return a.startedRuns() > 0 || a.finishedRuns() > 0 || a.workerSeconds() > 0 || a.analyzesFinished() > 0;
    }
}
