package org.pgknobs.experiment.plan;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A step ready to run: {@code settings} is the complete map to apply (base, then for cumulative
 * experiments every earlier step's, then this step's; later wins), {@code initdb} the cluster's options
 * (server's then step's). {@code index} is 1-based and names the result directory (NN-name).
 */
public record PlannedStep(int index, String name, String description, Map<String, Object> settings,
                          List<String> initdb, Optional<String> expectFail) {

    public PlannedStep {
        settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
        initdb = List.copyOf(initdb);
    }

    /** The step's result directory name, e.g. {@code 03-autovacuum}. */
    public String directoryName() {
        return String.format("%02d-%s", index, name);
    }
}
