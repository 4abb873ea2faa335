package org.pgknobs.experiment;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The fixed runs of an ablation, as pure functions of the experiment. The <b>full</b> set is the base with
 * every step's settings on top (later wins; a step expected to fail is a probe and does not count, an
 * optional step only when included): for a cumulative file exactly its last step's settings. The
 * <b>overlay</b> is what the full set changes against the base; the <b>units</b> partition it. Runs:
 * {@code base}, {@code full}, {@code without-U} (the full set with U's settings back at their base value,
 * i.e. removed from the overlay) and {@code only-U} (the base plus U alone) for every unit U; full first.
 */
public final class AblationPlan {

    public static final String BASE = "base";
    public static final String FULL = "full";
    public static final String WITHOUT = "without-";
    public static final String ONLY = "only-";

    private AblationPlan() {
    }

    /** The steps whose settings make up the full set, in the file's order. */
    static List<StepSpec> contributing(List<StepSpec> steps, Set<String> includeOptional) {
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
    static Map<String, String> overlayOwners(Map<String, Object> base, List<StepSpec> steps, Set<String> includeOptional) {
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
    static List<AblationUnit> units(Map<String, Object> base, List<StepSpec> steps, Set<String> includeOptional,
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

    /** full, base, then without-U and only-U per unit: the runs of one repeat, in the order they run. */
    static List<PlannedStep> steps(Experiment e) {
        Map<String, Object> base = e.server().base();
        Map<String, Object> full = fullSettings(base, e.steps(), e.includeOptional());
        List<AblationUnit> units = units(e);
        Set<String> overlay = new LinkedHashSet<>();
        units.forEach(u -> overlay.addAll(u.settings().keySet()));
        List<PlannedStep> out = new ArrayList<>();
        List<String> initdb = e.server().initdb();
        // Full first: at the slow end a cold start matters least (docs/ablation.md: what the first fast run
        // of a suite measured, and that this order alone did not cure it).
        out.add(step(out, FULL, "every unit: " + names(units), withOverlay(base, full, overlay), initdb));
        out.add(step(out, BASE, "the base settings alone", base, initdb));
        for (AblationUnit u : units) {
            Set<String> rest = new LinkedHashSet<>(overlay);
            rest.removeAll(u.settings().keySet());
            out.add(step(out, WITHOUT + u.name(), "the full set without " + u.name() + " (" + String.join(", ",
                    u.settings().keySet()) + " at the base value)", withOverlay(base, full, rest), initdb));
        }
        for (AblationUnit u : units) {
            out.add(step(out, ONLY + u.name(), "the base plus " + u.name() + " alone",
                    withOverlay(base, full, u.settings().keySet()), initdb));
        }
        return out;
    }

    private static PlannedStep step(List<PlannedStep> before, String name, String description, Map<String, Object> settings,
                                    List<String> initdb) {
        return new PlannedStep(before.size() + 1, name, description, settings, initdb, java.util.Optional.empty());
    }

    private static String names(List<AblationUnit> units) {
        return String.join(", ", units.stream().map(AblationUnit::name).toList());
    }

    /**
     * Candidates the search may measure beyond the fixed runs: {@code typical} for one dominant unit
     * (about 2·log2 n for ddmin, n for one greedy pass), {@code atMost} its worst case (n² + 3n for ddmin,
     * n(n+1)/2 for greedy); the same again for the settings inside the chosen units is not counted.
     */
    public record SearchEstimate(int typical, int atMost) {
    }

    public static SearchEstimate searchEstimate(AblationSpec.Search search, int units) {
        int log = (int) Math.ceil(Math.log(Math.max(units, 2)) / Math.log(2));
        return switch (search) {
            case OFF -> new SearchEstimate(0, 0);
            case DDMIN -> new SearchEstimate(Math.min(2 * log, units * units + 3 * units), units * units + 3 * units);
            case GREEDY -> new SearchEstimate(units, units * (units + 1) / 2);
        };
    }

    /** The lines {@code validate --plan} and {@code run} print about the units and the run count. */
    static String describe(Experiment e, int runsPerRepeat) {
        StringBuilder out = new StringBuilder();
        String nl = System.lineSeparator();
        List<AblationUnit> units = units(e);
        out.append("  ablation: ").append(units.size()).append(" units (").append(e.ablation().unit().name()
                .toLowerCase(java.util.Locale.ROOT)).append("), threshold ").append(Math.round(e.ablation().threshold() * 100))
                .append(" % of the full slowdown (log scale)").append(nl);
        for (AblationUnit u : units) {
            out.append(String.format("    %-22s %2d: %s  (%s)%n", u.name(), u.settings().size(),
                    String.join(", ", u.settings().keySet()), u.from()));
        }
        out.append(String.format("  runs: %d per repeat (full, base, %d leave-one-out, %d add-one-in) x %d repeat%s = %d%n",
                runsPerRepeat, units.size(), units.size(), e.repeats(), e.repeats() == 1 ? "" : "s", runsPerRepeat * e.repeats()));
        SearchEstimate s = searchEstimate(e.ablation().search(), units.size());
        if (e.ablation().search() != AblationSpec.Search.OFF) {
            out.append(String.format("  search: %s at run time, each candidate measured once: about %d more runs "
                    + "(at most %d), plus the settings inside the chosen units%n",
                    e.ablation().search().name().toLowerCase(java.util.Locale.ROOT), s.typical(), s.atMost()));
        }
        return out.toString();
    }
}
