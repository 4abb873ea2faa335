package org.pgknobs.experiment.yaml;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.apache.commons.text.similarity.LevenshteinDistance;
import org.pgknobs.BadInputException;

/** Reads one mapping of the file: rejects unknown keys (suggesting the closest) and reports by path. */
final class MapReader {

    private final YamlTree.Mapping map;
    private final String path;

    MapReader(YamlTree tree, String path, List<String> known) {
        this.path = path;
        if (!(tree instanceof YamlTree.Mapping mapping)) {
            throw Problems.at(tree.origin(), path, "expected a mapping of keys (" + String.join(", ", known)
                    + "), got " + tree.describe(), "write `key: value` lines indented under `" + last(path) + ":`");
        }
        this.map = mapping;
        for (String key : mapping.entries().keySet()) {
            if (!known.contains(key)) {
                throw unknownKey(mapping.keyOrigins().get(key), child(key), key, known);
            }
        }
    }

    static BadInputException unknownKey(Origin origin, String fieldPath, String key, List<String> known) {
        return Problems.at(origin, fieldPath, "unknown key '" + key + "'", closest(key, known)
                .map(k -> "did you mean '" + k + "'? ").orElse("") + "known keys here: " + String.join(", ", known));
    }

    static Optional<String> closest(String key, List<String> known) {
        LevenshteinDistance distance = LevenshteinDistance.getDefaultInstance();
        return known.stream()
                .min(Comparator.comparingInt((String k) -> distance.apply(key, k)))
                .filter(k -> distance.apply(key, k) <= Math.max(2, k.length() / 3) || k.contains(key) || key.contains(k));
    }

    private static String last(String path) {
        int dot = path.lastIndexOf('.');
        return dot < 0 ? path : path.substring(dot + 1);
    }

    String child(String key) {
        return path.isEmpty() ? key : path + "." + key;
    }

    Origin origin() {
        return map.origin();
    }

    Origin originOf(String key) {
        return map.keyOrigins().getOrDefault(key, map.origin());
    }

    YamlTree.Mapping mapping() {
        return map;
    }

    /** Absent and explicit null both mean "not given". */
    Optional<YamlTree> get(String key) {
        YamlTree value = map.entries().get(key);
        if (value instanceof YamlTree.Scalar s && s.value() == null) {
            return Optional.empty();
        }
        return Optional.ofNullable(value);
    }

    YamlTree required(String key, String what) {
        return get(key).orElseThrow(() -> Problems.at(map.origin(), child(key), "missing; expected " + what,
                "add `" + key + ":` here"));
    }
}
