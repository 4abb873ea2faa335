package org.pgknobs.experiment.plan;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.pgknobs.experiment.AblationSpec;
import org.pgknobs.experiment.AblationUnit;
import org.pgknobs.experiment.AblationUnits;
import org.pgknobs.experiment.Experiment;

/**
 * The fixed runs of an ablation, as pure functions of the experiment and its {@link AblationUnits}. Runs:
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

    /** full, base, then without-U and only-U per unit: the runs of one repeat, in the order they run. */
    static List<PlannedStep> steps(Experiment e) {
        Map<String, Object> base = e.server().base();
        Map<String, Object> full = AblationUnits.fullSettings(base, e.steps(), e.includeOptional());
        List<AblationUnit> units = AblationUnits.units(e);
        Set<String> overlay = new LinkedHashSet<>();
        units.forEach(u -> overlay.addAll(u.settings().keySet()));
        List<PlannedStep> out = new ArrayList<>();
        List<String> initdb = e.server().initdb();
        // Full first: at the slow end a cold start matters least (docs/ablation.md: what the first fast run
        // of a suite measured, and that this order alone did not cure it).
        out.add(step(out, FULL, "every unit: " + names(units), AblationUnits.withOverlay(base, full, overlay), initdb));
        out.add(step(out, BASE, "the base settings alone", base, initdb));
        for (AblationUnit u : units) {
            Set<String> rest = new LinkedHashSet<>(overlay);
            rest.removeAll(u.settings().keySet());
            out.add(step(out, WITHOUT + u.name(), "the full set without " + u.name() + " (" + String.join(", ",
                    u.settings().keySet()) + " at the base value)", AblationUnits.withOverlay(base, full, rest), initdb));
        }
        for (AblationUnit u : units) {
            out.add(step(out, ONLY + u.name(), "the base plus " + u.name() + " alone",
                    AblationUnits.withOverlay(base, full, u.settings().keySet()), initdb));
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
        List<AblationUnit> units = AblationUnits.units(e);
        out.append("  ablation: ").append(units.size()).append(" units (").append(e.ablation().unit().name()
                .toLowerCase(java.util.Locale.ROOT)).append("), threshold ").append(Math.round(e.ablation().threshold() * 100))
                .append(" % of the full slowdown (log scale)").append(nl);
        for (AblationUnit u : units) {
            out.append(String.format("    %-22s %2d: %s  (%s)%n", u.name(), u.settings().size(),
                    String.join(", ", u.settings().keySet()), u.from()));
        }
        out.append(String.format("  runs: %d per repeat (full, base, %d leave-one-out, %d add-one-in) x %d repeat%s = %d%n",
                runsPerRepeat, units.size(), units.size(), e.measurement().repeats(), e.measurement().repeats() == 1 ? "" : "s", runsPerRepeat * e.measurement().repeats()));
        SearchEstimate s = searchEstimate(e.ablation().search(), units.size());
        if (e.ablation().search() != AblationSpec.Search.OFF) {
            out.append(String.format("  search: %s at run time, each candidate measured once: about %d more runs "
                    + "(at most %d), plus the settings inside the chosen units%n",
                    e.ablation().search().name().toLowerCase(java.util.Locale.ROOT), s.typical(), s.atMost()));
        }
        return out.toString();
    }
}
