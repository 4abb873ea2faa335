package org.pgknobs.experiment.yaml;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.pgknobs.experiment.AblationSpec;
import org.pgknobs.experiment.AblationUnit;
import org.pgknobs.experiment.AblationUnits;
import org.pgknobs.experiment.DataPolicy;
import org.pgknobs.experiment.Mode;
import org.pgknobs.experiment.ServerSpec;
import org.pgknobs.experiment.StepSpec;

/**
 * Reads the {@code ablation:} block and checks that an ablation can run: named groups hold settings the
 * full set changes, each in one group only, and there are at least two units. Errors point at the line.
 */
final class AblationBinder {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

    private AblationBinder() {
    }

    static AblationSpec bind(MapReader root, Mode mode, ServerSpec server, DataPolicy data, List<StepSpec> steps,
                             Set<String> includeOptional) {
        Optional<YamlTree> tree = root.get("ablation");
        Origin stepsOrigin = root.originOf("steps");
        AblationSpec spec = AblationSpec.defaults();
        Map<String, Origin> groupOrigins = new LinkedHashMap<>();
        Map<String, Origin> settingOrigins = new LinkedHashMap<>();
        if (tree.isPresent()) {
            if (mode == Mode.VARIANTS) {
                throw Problems.at(tree.get().origin(), "ablation", "only for `mode: ablation` (or a cumulative file run "
                        + "with `pgknobs ablate`)", "set `mode: ablation`, or remove the ablation block");
            }
            MapReader r = new MapReader(tree.get(), "ablation", ExperimentFormat.ABLATION);
            AblationSpec.Unit unit = r.get("unit").map(t -> Values.choice(t, "ablation.unit", AblationSpec.Unit.class))
                    .orElse(spec.unit());
            AblationSpec.Search search = r.get("search").map(t -> Values.choice(t, "ablation.search", AblationSpec.Search.class))
                    .orElse(spec.search());
            double threshold = r.get("threshold").map(AblationBinder::threshold).orElse(spec.threshold());
            Map<String, List<String>> groups = r.get("groups").map(t -> groups(t, groupOrigins, settingOrigins)).orElse(Map.of());
            spec = new AblationSpec(unit, groups, search, threshold);
        }
        if (mode == Mode.ABLATION) {
            if (data == DataPolicy.CONTINUE) {
                throw Problems.at(root.originOf("data"), "data", "an ablation compares runs that must start from the "
                        + "same data", "use `data: restore` (the default)");
            }
            check(spec, server, steps, includeOptional, stepsOrigin, groupOrigins, settingOrigins);
        }
        return spec;
    }

    /** 90%, 90 %, or a fraction 0.9. */
    private static double threshold(YamlTree tree) {
        YamlTree.Scalar s = Values.scalar(tree, "ablation.threshold", "a share like 90% or 0.9");
        double v = Values.share(s);
        if (!(v > 0 && v <= 1)) {
            throw Problems.at(s.origin(), "ablation.threshold", "expected a share of the full slowdown above 0 and "
                    + "at most 100 %, got " + s.describe(), "e.g. `threshold: 90%` (or 0.9)");
        }
        return v;
    }

    private static Map<String, List<String>> groups(YamlTree tree, Map<String, Origin> groupOrigins,
                                                    Map<String, Origin> settingOrigins) {
        if (!(tree instanceof YamlTree.Mapping m)) {
            throw Problems.at(tree.origin(), "ablation.groups", "expected group names with their settings, got "
                    + tree.describe(), "e.g. `groups: {index: [random_page_cost, cpu_index_tuple_cost]}`");
        }
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (Map.Entry<String, YamlTree> e : m.entries().entrySet()) {
            String path = "ablation.groups." + e.getKey();
            Origin at = m.keyOrigins().get(e.getKey());
            if (!NAME.matcher(e.getKey()).matches()) {
                throw Problems.at(at, path, "'" + e.getKey() + "' is not a usable name",
                        "use letters, digits, '.', '_' and '-' only (it names result directories)");
            }
            YamlTree.Sequence seq = Values.list(e.getValue(), path, "setting names");
            if (seq.items().isEmpty()) {
                throw Problems.at(seq.origin(), path, "no settings", "name at least one setting, or drop the group");
            }
            List<String> settings = new ArrayList<>();
            for (int k = 0; k < seq.items().size(); k++) {
                YamlTree item = seq.items().get(k);
                String name = Values.text(item, path + "[" + (k + 1) + "]").toLowerCase(Locale.ROOT);
                if (settingOrigins.containsKey(name)) {
                    throw Problems.at(item.origin(), path + "[" + (k + 1) + "]", "'" + name + "' is already in a group (at "
                            + settingOrigins.get(name) + ")", "a setting belongs to one unit only: keep it in one group");
                }
                settingOrigins.put(name, item.origin());
                settings.add(name);
            }
            groupOrigins.put(e.getKey(), at);
            out.put(e.getKey(), settings);
        }
        return out;
    }

    private static void check(AblationSpec spec, ServerSpec server, List<StepSpec> steps, Set<String> includeOptional,
                              Origin stepsOrigin, Map<String, Origin> groupOrigins, Map<String, Origin> settingOrigins) {
        for (StepSpec s : AblationUnits.contributing(steps, includeOptional)) {
            if (!s.initdb().isEmpty()) {
                throw Problems.at(stepsOrigin, "steps[" + s.name() + "].initdb", "initdb options cannot be switched "
                        + "on and off between runs of one ablation", "move them to server.initdb, or drop the step");
            }
        }
        Map<String, String> owners = AblationUnits.overlayOwners(server.base(), steps, includeOptional);
        spec.groups().forEach((group, settings) -> settings.forEach(setting -> {
            if (!owners.containsKey(setting)) {
                throw Problems.at(settingOrigins.get(setting), "ablation.groups." + group, "'" + setting
                        + "' is not changed by any step (the full set keeps its base value)",
                        "name a setting the steps change: " + String.join(", ", owners.keySet()));
            }
        }));
        List<AblationUnit> units = AblationUnits.units(server.base(), steps, includeOptional, spec);
        Map<String, String> seen = new LinkedHashMap<>();
        for (AblationUnit u : units) {
            String earlier = seen.putIfAbsent(u.name(), u.from());
            if (earlier != null) {
                throw Problems.at(groupOrigins.getOrDefault(u.name(), stepsOrigin), "ablation.groups." + u.name(),
                        "the name is taken by another unit (" + earlier + " and " + u.from() + ")",
                        "rename the group");
            }
        }
        if (units.size() < 2) {
            throw Problems.at(stepsOrigin, "steps", "an ablation needs at least two units, found " + units.size()
                    + (units.isEmpty() ? "" : " (" + units.get(0).name() + ")"),
                    "let the steps change settings of at least two groups, or use `ablation.unit: setting`");
        }
    }
}
