package org.pgknobs.experiment.plan;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.Observe;

/**
 * The settings {@code observe:} adds to every planned step, the base included: {@code statements} puts
 * pg_stat_statements into shared_preload_libraries, beside whatever libraries the step preloads itself.
 * Being in the plan, preflight, the trial starts and each step's overlay (verified in pg_settings) all see
 * the same value.
 */
public final class ObservedSettings {

    public static final String PRELOAD = "shared_preload_libraries";
    public static final String STATEMENTS_LIBRARY = "pg_stat_statements";

    private ObservedSettings() {
    }

    /** Setting → what observe adds to it, for suite.json and the report header; empty when it adds nothing. */
    public static Map<String, String> added(Experiment experiment) {
        return experiment.measurement().observe().contains(Observe.STATEMENTS) ? Map.of(PRELOAD, STATEMENTS_LIBRARY) : Map.of();
    }

    static List<PlannedStep> apply(Experiment experiment, List<PlannedStep> steps) {
        if (added(experiment).isEmpty()) {
            return steps;
        }
        return steps.stream().map(s -> new PlannedStep(s.index(), s.name(), s.description(), settings(experiment,
                s.settings()), s.initdb(), s.expectFail())).toList();
    }

    /** A step's settings with what {@code observe:} adds (as they are when it adds nothing). */
    static Map<String, Object> settings(Experiment experiment, Map<String, Object> settings) {
        return added(experiment).isEmpty() ? settings : withLibrary(settings);
    }

    /** The step's own libraries first (its order is kept), then pg_stat_statements when it is not there yet. */
    static Map<String, Object> withLibrary(Map<String, Object> settings) {
        Map<String, Object> out = new LinkedHashMap<>(settings);
        Object own = out.get(PRELOAD);
        List<String> libraries = new ArrayList<>();
        if (own != null) {
            Arrays.stream(String.valueOf(own).split(",")).map(l -> l.trim().replaceAll("^\"|\"$", ""))
                    .filter(l -> !l.isEmpty()).forEach(libraries::add);
        }
        if (!libraries.contains(STATEMENTS_LIBRARY)) {
            libraries.add(STATEMENTS_LIBRARY);
        }
        out.put(PRELOAD, String.join(",", libraries));
        return out;
    }
}
