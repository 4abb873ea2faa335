package org.pgknobs.report.statements;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.pgknobs.collector.StatementStats;
import org.pgknobs.collector.StatementWindow;
import org.pgknobs.collector.StatementsDocument;
import org.pgknobs.report.captures.StepCaptures;

/** Builds a {@link StatementTable} from two steps' statements.json. */
public final class StatementTables {

    /** Statements a report table shows per step. */
    public static final int TOP = 5;
    static final int LABEL_LENGTH = 70;

    private StatementTables() {
    }

    /**
     * The step's window of {@code phase} (or its only window: the BenchBase agent names its own) set against
     * the compared step's; empty when the step has no statements.json or the window holds no statements.
     *
     * @param compared the compared step's captures; empty for the base itself
     */
    public static Optional<StatementTable> of(StepCaptures step, Optional<StepCaptures> compared, String comparedName,
                                              String phase, int top) {
        Optional<StatementsDocument> doc = step.statements().strict();
        Optional<StatementWindow> now = doc.flatMap(d -> window(d, phase));
        if (now.isEmpty() || now.get().statements().isEmpty() && now.get().missing() == null) {
            return Optional.empty();
        }
        Optional<StatementWindow> before = compared.flatMap(c -> c.statements().strict())
                .flatMap(d -> window(d, phase));
        return Optional.of(table(now.get(), before, before.isPresent() ? comparedName : null, top,
                doc.get().ownQueriesExcluded()));
    }

    static Optional<StatementWindow> window(StatementsDocument doc, String phase) {
        return doc.window(phase).or(() -> doc.windows().size() == 1 ? Optional.of(doc.windows().get(0)) : Optional.empty());
    }

    static StatementTable table(StatementWindow now, Optional<StatementWindow> before, String against, int top,
                                boolean ownExcluded) {
        Double serverMs = serverMs(now);
        Double serverBefore = before.map(StatementTables::serverMs).orElse(null);
        Map<String, StatementStats> earlier = new HashMap<>();
        before.ifPresent(b -> b.statements().stream().filter(StatementStats::toplevel)
                .forEach(s -> earlier.putIfAbsent(key(s), s)));
        List<StatementTable.Row> rows = new ArrayList<>();
        for (StatementStats s : now.statements()) {
            if (rows.size() >= top) {
                break;
            }
            if (!s.toplevel()) {
                continue;
            }
            StatementStats then = earlier.get(key(s));
            Double meanBefore = then == null ? null : then.meanExecMs();
            rows.add(new StatementTable.Row(label(s.query(), s.queryid()), s.queryid(), s.totalExecMs(),
                    share(s.totalExecMs(), serverMs), s.calls(),
                    s.calls() == null || now.seconds() <= 0 ? null : s.calls() / now.seconds(), s.meanExecMs(),
                    new StatementTable.Compared(meanBefore,
                            meanBefore == null || meanBefore <= 0 || s.meanExecMs() == null ? null : s.meanExecMs() / meanBefore,
                            then == null ? null : share(then.totalExecMs(), serverBefore)),
                    s.rows(), s.sharedBlksRead(), s.walBytes()));
        }
        return new StatementTable(now.phase(), against, now.seconds(), serverMs, now.evictions(), rows,
                note(now, ownExcluded));
    }

    /** The same statement in two steps: its text (query ids follow table oids, which a new cluster changes). */
    static String key(StatementStats s) {
        return s.query() != null ? s.query() : "queryid " + s.queryid();
    }

    static Double serverMs(StatementWindow w) {
        return w.totals() == null ? null : w.totals().totalExecMs();
    }

    private static Double share(Double part, Double whole) {
        return part == null || whole == null || whole <= 0 ? null : part / whole;
    }

    /** One line of the normalized text, for tables and sentences. */
    public static String label(String query, Long queryid) {
        if (query == null || query.isBlank()) {
            return "queryid " + queryid;
        }
        String line = query.strip().replaceAll("\\s+", " ");
        return line.length() <= LABEL_LENGTH ? line : line.substring(0, LABEL_LENGTH - 1) + "…";
    }

    private static String note(StatementWindow w, boolean ownExcluded) {
        List<String> notes = new ArrayList<>();
        if (w.missing() != null) {
            notes.add("not captured: " + w.missing());
        }
        if (w.evictions() != null && w.evictions() > 0) {
            notes.add(w.evictions() + " entries evicted in the window (raise pg_stat_statements.max): their calls are lost");
        }
        if (w.reset()) {
            notes.add("pg_stat_statements was reset inside the window: figures are partial");
        }
        if (!ownExcluded) {
            notes.add("the collector's own queries are included (its user is not a superuser)");
        }
        return notes.isEmpty() ? null : String.join("; ", notes);
    }
}
