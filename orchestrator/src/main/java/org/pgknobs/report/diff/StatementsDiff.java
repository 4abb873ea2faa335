package org.pgknobs.report.diff;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.pgknobs.collector.StatementsDocument;
import org.pgknobs.report.StepRun;
import org.pgknobs.report.statements.StatementTable;
import org.pgknobs.report.statements.StatementTables;

/** {@code pgknobs diff}'s statements: B's top statements by server time, each against A (statements.json). */
public final class StatementsDiff implements DiffSection {

    @Override
    public String title() {
        return "statements";
    }

    @Override
    public List<String> lines(StepRun stepA, StepRun stepB) {
        Optional<StatementsDocument> a = stepA.captures().statements().strict();
        Optional<StatementsDocument> b = stepB.captures().statements().strict();
        if (a.isEmpty() && b.isEmpty()) {
            return List.of();
        }
        if (a.isEmpty() || b.isEmpty()) {
            return List.of("only " + (a.isEmpty() ? "B" : "A") + " has statements.json: " + (a.isEmpty() ? "A" : "B")
                    + " ran without pg_stat_statements in shared_preload_libraries (observe: [statements] adds it)");
        }
        String phase = b.get().windows().stream().map(w -> w.phase())
                .filter(p -> a.get().window(p).isPresent()).findFirst()
                .orElse(b.get().windows().isEmpty() ? "" : b.get().windows().get(0).phase());
        Optional<StatementTable> table = StatementTables.of(stepB.captures(), Optional.of(stepA.captures()), "A", phase,
                StatementTables.TOP);
        if (table.isEmpty()) {
            return List.of("B's statements.json holds no statement for window " + phase);
        }
        StatementTable t = table.get();
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, "window %s: %s ms of statement execution in B%s", t.phase(),
                t.serverMs() == null ? "?" : String.format(Locale.ROOT, "%.0f", t.serverMs()),
                t.note() == null ? "" : "; " + t.note()));
        for (StatementTable.Row r : t.top()) {
            out.add(String.format(Locale.ROOT, "%6s of server time (A %s)  mean %s ms%s  %s", percent(r.share()),
                    percent(r.compared().shareBefore()), number(r.meanExecMs()),
                    r.compared().meanFactor() == null ? " (not run in A)" : " ×" + number(r.compared().meanFactor()) + " from " + number(r.compared().meanBefore()),
                    r.statement()));
        }
        return out;
    }

    private static String percent(Double share) {
        return share == null ? "-" : String.format(Locale.ROOT, "%.1f %%", share * 100);
    }

    private static String number(Double v) {
        return v == null ? "-" : v >= 100 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.3g", v);
    }
}
