package org.pgknobs.experiment;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One unit of an ablation: settings switched on and off together, with their values in the full set.
 * {@code from} says where the unit came from: {@code group}, {@code step NAME} or {@code setting}.
 */
public record AblationUnit(String name, Map<String, Object> settings, String from) {

    public AblationUnit {
        settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    }
}
