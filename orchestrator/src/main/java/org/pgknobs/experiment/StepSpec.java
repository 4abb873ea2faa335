package org.pgknobs.experiment;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One step as written. {@code initdb} is added to the server's options (a step that needs its own
 * cluster). {@code expectFail} holds the reason when the step is expected to be rejected; such a step is
 * a probe and, in cumulative mode, its settings are not carried into later steps. {@code optional}
 * steps run only when named in {@code include_optional}.
 */
public record StepSpec(String name, String description, Map<String, Object> settings, List<String> initdb,
                       Optional<String> expectFail, boolean optional) {

    public StepSpec {
        settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
        initdb = List.copyOf(initdb);
    }
}
