package org.pgknobs.experiment;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * initdb options for the cluster and the base settings every step starts from. Setting names are
 * lower case; values are as YAML gave them (String, Integer, Long or Double; on/off stay text).
 */
public record ServerSpec(List<String> initdb, Map<String, Object> base) {

    public ServerSpec {
        initdb = List.copyOf(initdb);
        base = Collections.unmodifiableMap(new LinkedHashMap<>(base));
    }
}
