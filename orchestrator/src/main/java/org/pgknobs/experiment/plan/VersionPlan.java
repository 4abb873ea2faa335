package org.pgknobs.experiment.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.MissingSetting;
import org.pgknobs.experiment.Mode;
import org.pgknobs.experiment.StepSpec;

/**
 * The plan as one PostgreSQL major can run it. A step that needs a setting the version lacks
 * (io_method before 18) is not applicable, with the reason; it is never dropped from the plan and never
 * reaches the server. With the default {@link MissingSetting#NA} later cumulative steps that carry the
 * missing setting are not applicable either; with {@link MissingSetting#SKIP} the chain goes on as if
 * the step were not there (its settings are not carried). Step numbers stay those of the full plan, so
 * result directories line up across versions.
 *
 * @param steps every step of the plan, with the settings it runs with on this version
 */
public record VersionPlan(int major, List<Entry> steps) {

    /** @param notApplicable the reason, e.g. "not applicable on 16: no such setting io_method" */
    public record Entry(PlannedStep step, Optional<String> notApplicable) {
    }

    public VersionPlan {
        steps = List.copyOf(steps);
    }

    /**
     * @param known whether this version has a setting (from its pg_settings); names with a dot are
     *              extension settings PostgreSQL accepts as placeholders, so they always count as known
     */
    public static VersionPlan of(ExperimentPlan plan, int major, Predicate<String> known) {
        Experiment e = plan.experiment();
        Predicate<String> has = name -> name.contains(".") || known.test(name);
        List<String> baseMissing = missing(e.server().base(), has);
        Map<String, Object> carried = new LinkedHashMap<>(e.server().base());
        Map<String, String> carriedFrom = new LinkedHashMap<>();
        List<Entry> out = new ArrayList<>();
        for (PlannedStep planned : plan.steps()) {
            if (e.mode() == Mode.ABLATION) {
                // an ablation's runs (full, base, without-U, only-U) are not the file's steps: as planned
                List<String> absent = missing(planned.settings(), has);
                out.add(new Entry(planned, absent.isEmpty() ? Optional.empty() : Optional.of(reason(major, absent))));
                continue;
            }
            StepSpec spec = e.steps().stream().filter(s -> s.name().equals(planned.name())).findFirst().orElseThrow();
            Map<String, Object> settings = new LinkedHashMap<>(
                    e.mode() == Mode.CUMULATIVE ? carried : e.server().base());
            ExperimentPlan.putAll(settings, spec.settings());
            List<String> own = missing(spec.settings(), has);
            Optional<String> why = Optional.empty();
            if (!baseMissing.isEmpty()) {
                why = Optional.of(reason(major, baseMissing) + " (in server.base)");
            } else if (!own.isEmpty()) {
                why = Optional.of(reason(major, own));
            } else {
                List<String> inherited = missing(settings, has);
                if (!inherited.isEmpty()) {
                    why = Optional.of(reason(major, inherited) + " (carried from step "
                            + carriedFrom.get(inherited.get(0)) + ")");
                }
            }
            boolean carry = e.mode() == Mode.CUMULATIVE && spec.expectFail().isEmpty()
                    && (own.isEmpty() || e.server().onMissingSetting() == MissingSetting.NA);
            if (carry) {
                ExperimentPlan.putAll(carried, spec.settings());
                spec.settings().keySet().forEach(k -> carriedFrom.put(k, spec.name()));
            }
            out.add(new Entry(new PlannedStep(planned.index(), planned.name(), planned.description(),
                    ObservedSettings.settings(e, settings), planned.initdb(), planned.expectFail()), why));
        }
        return new VersionPlan(major, out);
    }

    private static List<String> missing(Map<String, Object> settings, Predicate<String> has) {
        return settings.keySet().stream().filter(has.negate()).toList();
    }

    private static String reason(int major, List<String> names) {
        return "not applicable on " + major + ": no such setting" + (names.size() > 1 ? "s " : " ") + String.join(", ", names);
    }

    public List<PlannedStep> applicable() {
        return steps.stream().filter(s -> s.notApplicable().isEmpty()).map(Entry::step).toList();
    }
}
