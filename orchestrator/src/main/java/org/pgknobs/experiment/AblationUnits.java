package org.pgknobs.experiment;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * An ablation's settings, as pure functions of the experiment: the <b>full</b> set is the base with every
 * step's settings on top (later wins; a step expected to fail is a probe and does not count, an optional
 * step only when included): for a cumulative file exactly its last step's settings. The <b>overlay</b> is
 * what the full set changes against the base; the <b>units</b> partition it. The file's validation and the
 * runs' plan both read them.
 */
public final class AblationUnits {

    private AblationUnits() {
    }

    /** The steps whose settings make up the full set, in the file's order. */
    public static List<StepSpec> contributing(List<StepSpec> steps, Set<String> includeOptional) {
        return steps.stream().filter(s -> s.expectFail().isEmpty())
                .filter(s -> !s.optional() || includeOptional.contains(s.name())).toList();
    }

    /** Base, then every contributing step's settings; a setting a step changes moves to the step's position. */
    public static Map<String, Object> fullSettings(Map<String, Object> base, List<StepSpec> steps, Set<String> includeOptional) {
        Map<String, Object> full = new LinkedHashMap<>(base);
        for (StepSpec step : contributing(steps, includeOptional)) {
            step.settings().forEach((k, v) -> {
                full.remove(k);
                full.put(k, v);
            });
        }
        return full;
    }

    /** Setting → the step that set it last, for every setting whose full value differs from the base. */
    public static Map<String, String> overlayOwners(Map<String, Object> base, List<StepSpec> steps, Set<String> includeOptional) {
        Map<String, Object> full = fullSettings(base, steps, includeOptional);
        Map<String, String> owners = new LinkedHashMap<>();
        for (StepSpec step : contributing(steps, includeOptional)) {
            for (String k : step.settings().keySet()) {
                owners.remove(k);
                owners.put(k, step.name());
            }
        }
        owners.keySet().removeIf(k -> base.containsKey(k) && sameValue(base.get(k), full.get(k)));
        return owners;
    }

    /** Values compare as written: {@code 8MB} and {@code 1024} are different here even if PostgreSQL agrees. */
    static boolean sameValue(Object a, Object b) {
        return Objects.equals(String.valueOf(a), String.valueOf(b));
    }

    public static List<AblationUnit> units(Experiment e) {
        return units(e.server().base(), e.steps(), e.includeOptional(), e.ablation());
    }

    /**
     * Named groups first (in the file's order), then every other overlay setting: grouped by the step that
     * set it last ({@code unit: group}; a step left with no setting of its own gives no unit) or one unit
     * per setting ({@code unit: setting}).
     */
    public static List<AblationUnit> units(Map<String, Object> base, List<StepSpec> steps, Set<String> includeOptional,
                                    AblationSpec spec) {
        Map<String, Object> full = fullSettings(base, steps, includeOptional);
        Map<String, String> owners = overlayOwners(base, steps, includeOptional);
        List<AblationUnit> units = new ArrayList<>();
        Set<String> grouped = new LinkedHashSet<>();
        spec.groups().forEach((name, settings) -> {
            Map<String, Object> values = new LinkedHashMap<>();
            settings.forEach(s -> values.put(s, full.get(s)));
            grouped.addAll(settings);
            units.add(new AblationUnit(name, values, "group"));
        });
        Map<String, Map<String, Object>> byStep = new LinkedHashMap<>();
        owners.forEach((setting, step) -> {
            if (grouped.contains(setting)) {
                return;
            }
            if (spec.unit() == AblationSpec.Unit.SETTING) {
                units.add(new AblationUnit(setting, Map.of(setting, full.get(setting)), "setting"));
            } else {
                byStep.computeIfAbsent(step, k -> new LinkedHashMap<>()).put(setting, full.get(setting));
            }
        });
        // in the file's step order, not in the order the settings were last touched
        for (StepSpec step : steps) {
            if (byStep.containsKey(step.name())) {
                units.add(new AblationUnit(step.name(), byStep.get(step.name()), "step " + step.name()));
            }
        }
        return units;
    }

    /** The base with the given overlay settings (names) at their full value. */
    public static Map<String, Object> withOverlay(Map<String, Object> base, Map<String, Object> full, Set<String> on) {
        Map<String, Object> out = new LinkedHashMap<>(base);
        full.forEach((k, v) -> {
            if (on.contains(k)) {
                out.remove(k);
                out.put(k, v);
            }
        });
        return out;
    }
}
