package org.pgknobs.report.diff;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.pgknobs.collector.Derived;
import org.pgknobs.collector.IoFigures;
import org.pgknobs.collector.Rate;
import org.pgknobs.collector.WaitShare;
import org.pgknobs.report.StepRun;

/**
 * The server's figures of the two headline windows side by side (pgstats.json {@code derived}): hit ratio,
 * WAL, checkpoints, autovacuum runs, the top wait events and pg_stat_io by backend type, the backend types
 * that moved most first.
 */
final class StatsDiff implements DiffSection {

    /** Backend types listed; the rest moved less. */
    static final int BACKEND_TYPES = 5;
    static final int WAITS = 3;

    @Override
    public String title() {
        return "server statistics (pgstats.json, headline window)";
    }

    @Override
    public List<String> lines(StepRun a, StepRun b) {
        Optional<Derived> da = WindowFigures.of(a);
        Optional<Derived> db = WindowFigures.of(b);
        if (da.isEmpty() && db.isEmpty()) {
            return List.of();
        }
        if (da.isEmpty() || db.isEmpty()) {
            return List.of("pgstats.json (its headline window) only in " + (da.isEmpty() ? b : a).dir()
                    + ": the other step ran without the collector or did not finish its window");
        }
        Derived x = da.get();
        Derived y = db.get();
        List<String> out = new ArrayList<>();
        out.add("client hit ratio: " + Terms.points(x.clientHitRatio(), y.clientHitRatio()));
        out.add("WAL: " + Terms.change(mb(rate(x.wal().bytes(), Rate::perSecond)), mb(rate(y.wal().bytes(), Rate::perSecond)), "MB/s")
                + "; per transaction " + Terms.change(kb(rate(x.wal().bytes(), Rate::perTransaction)),
                kb(rate(y.wal().bytes(), Rate::perTransaction)), "kB"));
        out.add("full-page images per transaction: " + Terms.change(rate(x.wal().fpi(), Rate::perTransaction),
                rate(y.wal().fpi(), Rate::perTransaction), ""));
        out.add("checkpoints: " + checkpoints(x) + " → " + checkpoints(y));
        out.add("autovacuum runs finished per minute: " + Terms.change(x.maintenance().autovacuumPerMinute(), y.maintenance().autovacuumPerMinute(), ""));
        out.add("top waits: " + waits(x) + " → " + waits(y));
        out.addAll(io(x.ioByBackendType(), y.ioByBackendType()));
        return out;
    }

    private static Double rate(Rate r, Function<Rate, Double> f) {
        return r == null ? null : f.apply(r);
    }

    private static Double mb(Double bytes) {
        return bytes == null ? null : bytes / 1e6;
    }

    private static Double kb(Double bytes) {
        return bytes == null ? null : bytes / 1e3;
    }

    private static String checkpoints(Derived d) {
        if (d.checkpoints() == null) {
            return Terms.NONE;
        }
        return d.checkpoints().timed() + " timed + " + d.checkpoints().requested() + " requested"
                + (d.checkpoints().meanSecondsBetween() == null ? "" : " (every " + Terms.n(d.checkpoints().meanSecondsBetween()) + " s)");
    }

    private static String waits(Derived d) {
        List<WaitShare> top = d.waits().top() == null ? List.of() : d.waits().top();
        return top.isEmpty() ? "none sampled" : top.stream().limit(WAITS)
                .map(w -> w.waitEventType() + ":" + w.waitEvent() + " " + Math.round(100 * w.share()) + " %")
                .collect(Collectors.joining(", "));
    }

    /** Reads + writes + extends per second by backend type, the largest changes first. */
    private static List<String> io(Map<String, IoFigures> a, Map<String, IoFigures> b) {
        if (a == null && b == null) {
            return List.of();
        }
        Map<String, IoFigures> x = a == null ? Map.of() : a;
        Map<String, IoFigures> y = b == null ? Map.of() : b;
        TreeSet<String> types = new TreeSet<>(x.keySet());
        types.addAll(y.keySet());
        List<String> out = new ArrayList<>();
        types.stream().sorted(Comparator.comparingDouble((String t) -> -Math.abs(ops(y.get(t)) - ops(x.get(t)))))
                .limit(BACKEND_TYPES)
                .forEach(t -> out.add("IO " + t + " (reads+writes+extends/s): " + Terms.change(ops(x.get(t)), ops(y.get(t)), "")));
        return out;
    }

    private static double ops(IoFigures f) {
        if (f == null) {
            return 0;
        }
        return perSecond(f.reads()) + perSecond(f.writes()) + perSecond(f.extendOps());
    }

    private static double perSecond(Rate r) {
        return r == null ? 0 : r.perSecond();
    }
}
