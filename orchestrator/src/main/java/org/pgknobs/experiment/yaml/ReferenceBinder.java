package org.pgknobs.experiment.yaml;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgknobs.experiment.Reference;
import org.pgknobs.experiment.StepSpec;

/** {@code reference:}: the published values, one per step name, in the metric they were published in. */
final class ReferenceBinder {

    private ReferenceBinder() {
    }

    static Reference bind(YamlTree tree, List<StepSpec> steps) {
        MapReader r = new MapReader(tree, "reference", ExperimentFormat.REFERENCE);
        String source = Values.text(r.required("source", "where the values were published"), "reference.source");
        String metric = Values.text(r.required("metric", "the metric the values are in, e.g. tps"), "reference.metric");
        String notes = r.get("notes").map(t -> Values.text(t, "reference.notes")).orElse("");
        Map<String, Double> values = new LinkedHashMap<>();
        YamlTree valuesTree = r.required("values", "one value per step name");
        List<String> names = steps.stream().map(StepSpec::name).toList();
        MapReader v = new MapReader(valuesTree, "reference.values", names);
        for (Map.Entry<String, YamlTree> e : v.mapping().entries().entrySet()) {
            YamlTree.Scalar s = Values.scalar(e.getValue(), "reference.values." + e.getKey(), "a number");
            if (!(s.value() instanceof Number n)) {
                throw Problems.at(s.origin(), "reference.values." + e.getKey(), "expected a number, got " + s.describe(),
                        "e.g. `" + e.getKey() + ": 7082`");
            }
            values.put(e.getKey(), n.doubleValue());
        }
        return new Reference(source, metric, values, notes);
    }
}
