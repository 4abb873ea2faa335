package org.pgknobs.experiment.yaml;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A YAML document as plain values that remember where each came from, so profiles and {@code --set}
 * can be merged before binding while errors still point at the line that supplied the value.
 */
sealed interface YamlTree {

    Origin origin();

    /** Plain Java form (LinkedHashMap, List, String/Integer/Long/Double, null) for storage and schemas. */
    Object toPlain();

    String describe();

    record Mapping(LinkedHashMap<String, YamlTree> entries, LinkedHashMap<String, Origin> keyOrigins, Origin origin)
            implements YamlTree {
        static Mapping empty(Origin origin) {
            return new Mapping(new LinkedHashMap<>(), new LinkedHashMap<>(), origin);
        }

        Mapping copy() {
            return new Mapping(new LinkedHashMap<>(entries), new LinkedHashMap<>(keyOrigins), origin);
        }

        @Override
        public Object toPlain() {
            Map<String, Object> out = new LinkedHashMap<>();
            entries.forEach((k, v) -> out.put(k, v.toPlain()));
            return out;
        }

        @Override
        public String describe() {
            return "a mapping";
        }
    }

    record Sequence(List<YamlTree> items, Origin origin) implements YamlTree {
        @Override
        public Object toPlain() {
            List<Object> out = new ArrayList<>();
            items.forEach(i -> out.add(i.toPlain()));
            return out;
        }

        @Override
        public String describe() {
            return "a list";
        }
    }

    /**
     * A scalar: {@code value} is Integer/Long/Double for YAML numbers, null for YAML null, otherwise the
     * text exactly as written. Booleans stay text ("on", "off", "true") because PostgreSQL takes them as
     * text and users expect to see what they wrote.
     */
    record Scalar(Object value, String raw, Origin origin) implements YamlTree {
        @Override
        public Object toPlain() {
            return value;
        }

        @Override
        public String describe() {
            return value == null ? "nothing (null)" : "\"" + raw + "\"";
        }
    }
}
