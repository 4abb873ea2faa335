package org.pgknobs.experiment.yaml;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The keys the experiment format accepts, per object. The loader rejects anything else; a test checks
 * docs/experiment.schema.json declares exactly these, so the schema and the model cannot drift apart.
 */
public final class ExperimentFormat {

    static final List<String> ROOT = List.of("name", "description", "mode", "server", "workload", "data",
            "steps", "repeats", "bracket", "reference", "profiles", "include_optional", "ablation", "observe", "allow");
    static final List<String> SERVER = List.of("initdb", "base", "versions", "on_missing_setting");
    static final List<String> WORKLOAD_COMMON = List.of("kind", "driver", "warmup");
    static final List<String> WORKLOAD_TPCC = List.of("warehouses", "terminals", "rate", "duration", "weights",
            "isolation", "loader_threads");
    static final List<String> WORKLOAD_INSERTBENCH = List.of("clients", "initial_rows", "i1_rows", "i2_rows",
            "query_seconds", "query_rates", "variant", "cleanup_wait");
    static final List<String> STEP = List.of("name", "description", "settings", "initdb", "expect", "optional");
    static final List<String> EXPECT = List.of("fail");
    static final List<String> REFERENCE = List.of("source", "metric", "values", "notes");
    static final List<String> SCALE = List.of("ram", "disk");
    static final List<String> ABLATION = List.of("unit", "groups", "search", "threshold");

    private ExperimentFormat() {
    }

    static List<String> workload() {
        List<String> all = new ArrayList<>(WORKLOAD_COMMON);
        all.addAll(WORKLOAD_TPCC);
        all.addAll(WORKLOAD_INSERTBENCH);
        return List.copyOf(all);
    }

    /** A profile may override any top-level key but {@code profiles}, and may add {@code scale}. */
    static List<String> profile() {
        List<String> keys = new ArrayList<>(ROOT);
        keys.remove("profiles");
        keys.add("scale");
        return List.copyOf(keys);
    }

    /**
     * Every object of the format and its keys, addressed like {@code steps[].expect}: {@code []} is any
     * list element, {@code *} any value of a free-keyed mapping.
     */
    public static Map<String, List<String>> objects() {
        Map<String, List<String>> out = new LinkedHashMap<>();
        out.put("", ROOT);
        out.put("server", SERVER);
        out.put("workload", workload());
        out.put("workload.warmup", WarmupBinder.WARMUP);
        out.put("workload.warmup.auto", WarmupBinder.AUTO);
        out.put("steps[]", STEP);
        out.put("steps[].expect", EXPECT);
        out.put("repeats", RepeatsBinder.AUTO);
        out.put("repeats.auto", RepeatsBinder.AUTO_KEYS);
        out.put("reference", REFERENCE);
        out.put("ablation", ABLATION);
        out.put("profiles.*", profile());
        out.put("profiles.*.scale", SCALE);
        return out;
    }
}
