package org.pgknobs.report.diff;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgknobs.collector.Derived;
import org.pgknobs.report.AutovacuumText;
import org.pgknobs.report.ReportData;
import org.pgknobs.report.StepRun;

/**
 * What the autovacuum workers did in each headline window (pgstats.json {@code derived.autovacuum}, the
 * step's autovacuum.log), and each table's share of the window before and after.
 */
final class AutovacuumDiff implements DiffSection {

    /** Tables whose share is compared, those that moved most first. */
    static final int TABLES = 5;

    @Override
    public String title() {
        return "autovacuum (pgstats.json derived.autovacuum, autovacuum.log)";
    }

    @Override
    public List<String> lines(StepRun a, StepRun b) {
        ReportData.Autovacuum x = read(a);
        ReportData.Autovacuum y = read(b);
        if (x.activity() == null && y.activity() == null) {
            return List.of();
        }
        if (x.activity() == null || y.activity() == null) {
            return List.of("autovacuum activity only in " + (x.activity() == null ? b : a).dir()
                    + ": the other step's pgstats.json predates it or its collector could not sample the workers");
        }
        List<String> out = new ArrayList<>();
        out.add("A: " + AutovacuumText.line(x).orElse("no autovacuum in the window"));
        out.add("B: " + AutovacuumText.line(y).orElse("no autovacuum in the window"));
        Map<String, Double[]> shares = new LinkedHashMap<>();
        x.activity().tables().forEach(t -> shares.computeIfAbsent(t.table(), k -> new Double[] {0.0, 0.0})[0] = t.share());
        y.activity().tables().forEach(t -> shares.computeIfAbsent(t.table(), k -> new Double[] {0.0, 0.0})[1] = t.share());
        shares.entrySet().stream().filter(e -> e.getValue()[0] > 0 || e.getValue()[1] > 0)
                .sorted(java.util.Comparator.comparingDouble(e -> -Math.abs(e.getValue()[1] - e.getValue()[0])))
                .limit(TABLES)
                .forEach(e -> out.add(e.getKey() + ": workers " + Terms.points(e.getValue()[0], e.getValue()[1])
                        + " of the window"));
        return out;
    }

    private static ReportData.Autovacuum read(StepRun step) {
        return ReportData.Autovacuum.of(WindowFigures.of(step).map(Derived::autovacuum).orElse(null),
                step.captures().autovacuumLogEntries());
    }
}
