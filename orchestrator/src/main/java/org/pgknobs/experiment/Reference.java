package org.pgknobs.experiment;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** Published numbers to print beside ours: where from, which metric, one value per step name. */
public record Reference(String source, String metric, Map<String, Double> values, String notes) {

    public Reference {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }
}
