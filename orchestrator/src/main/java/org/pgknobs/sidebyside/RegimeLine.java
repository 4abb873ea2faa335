package org.pgknobs.sidebyside;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgknobs.results.RegimeGroups;
import org.pgknobs.results.RunRegime;
import org.pgknobs.stats.Stats;

/**
 * The regime figures of the driver comparison's lines: each run's measures next to its figures, and, where
 * BenchBase's and the built-in's runs fall in different regimes, the ratio line says so and gives ratios only
 * within a regime (over the pairs whose two runs share it), never one ratio over both (docs/tpcc.md, "Two regimes").
 */
final class RegimeLine {

    /** The tables whose relation-level locks decide TPC-C's regime: the few-page ones every NewOrder and Payment read. */
    static final List<String> KEY_TABLES = RunRegime.DECIDING_TABLES;

    private RegimeLine() {
    }

    static Map<String, Object> of(RunRegime r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", r.name());
        m.put("siread_samples", r.sireadSamples());
        Map<String, Object> shares = new LinkedHashMap<>();
        r.relationShares().forEach((t, share) -> shares.put(t, Stats.round3(100 * share)));
        m.put("relation_level_siread_percent_of_samples", shares);
        Map<String, Object> seq = new LinkedHashMap<>();
        KEY_TABLES.forEach(t -> seq.put(t, r.scans().containsKey(t) ? r.scans().get(t).seq() : 0L));
        m.put("seq_scans", seq);
        if (r.planCalls() != null) {
            m.put("generic_plan_calls", r.planCalls().generic());
            m.put("custom_plan_calls", r.planCalls().custom());
        } else {
            m.put("plan_calls", "unavailable: " + r.planCallsMissing());
        }
        return m;
    }

    /** Adds the regimes of both sides to the ratio line, and per-regime ratios where they differ. */
    static void split(List<DriverFigures> bb, List<DriverFigures> builtin, Map<String, Object> line) {
        Map<String, RunRegime> all = new LinkedHashMap<>();
        bb.forEach(f -> all.put("benchbase p" + f.pair(), f.regime()));
        builtin.forEach(f -> all.put("builtin p" + f.pair(), f.regime()));
        RegimeGroups groups = RegimeGroups.of(all);
        if (groups.groups().isEmpty()) {
            return;
        }
        line.put("regimes", groups.describe());
        if (!groups.bimodal()) {
            return;
        }
        String why = "the runs fall in different regimes (" + groups.describe() + "): no one ratio over both";
        for (String key : List.copyOf(line.keySet())) {
            if (key.startsWith("ratio_")) {
                Map<String, Object> none = new LinkedHashMap<>();
                none.put("ratio", null);
                none.put("no_interval", why);
                line.put(key, none);
            }
        }
        Map<String, Object> within = new LinkedHashMap<>();
        for (String regime : groups.groups().keySet()) {
            List<DriverFigures> a = new ArrayList<>();
            List<DriverFigures> b = new ArrayList<>();
            for (int i = 0; i < bb.size(); i++) {
                if (in(bb.get(i), regime) && in(builtin.get(i), regime)) {
                    a.add(bb.get(i));
                    b.add(builtin.get(i));
                }
            }
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("pairs", a.size());
            if (a.size() >= 2) {
                r.put("ratio_neworder_committed_per_second", PairedRatio.of(
                        a.stream().mapToDouble(DriverFigures::newOrderCommittedPerSecond).toArray(),
                        b.stream().mapToDouble(DriverFigures::newOrderCommittedPerSecond).toArray()));
                r.put("ratio_committed_tps", PairedRatio.of(a.stream().mapToDouble(DriverFigures::committedTps).toArray(),
                        b.stream().mapToDouble(DriverFigures::committedTps).toArray()));
                r.put("ratio_neworder_per_server_cpu_second", PairedRatio.of(
                        a.stream().mapToDouble(DriverFigures::newOrderPerServerCpuSecond).toArray(),
                        b.stream().mapToDouble(DriverFigures::newOrderPerServerCpuSecond).toArray()));
            } else {
                r.put("no_ratio", "fewer than 2 pairs with both runs in this regime");
            }
            within.put(regime, r);
        }
        line.put("within_regime", within);
    }

    private static boolean in(DriverFigures f, String regime) {
        return f.regime() != null && f.regime().measured() && f.regime().regime().equals(regime);
    }
}
