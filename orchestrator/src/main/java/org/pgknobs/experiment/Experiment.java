package org.pgknobs.experiment;

import java.nio.file.Path;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A validated experiment file, after the chosen profile and {@code --set} overrides were applied.
 * {@code profiles} keeps every profile's override tree (plain maps) for the record;
 * {@code scale} is the chosen profile's published machine, if any (scaled to this machine by the plan's MachineScaler);
 * {@code ablation} is read in every mode (defaults when absent) and used by {@code mode: ablation};
 * {@code observe} the optional captures ({@code observe:} and {@code --observe}), empty when none;
 * {@code autoRepeats} is {@code repeats: auto}, with {@code repeats} then its {@code min} (the rounds planned up front);
 * {@code allow} the kinds of gated settings the user allowed ({@link SettingGate}: the file's {@code allow:} and
 * {@code --allow}, together, so the resolved file records what this run was allowed to do).
 */
public record Experiment(String name, String description, Mode mode, ServerSpec server, WorkloadSpec workload,
                         DataPolicy data, List<StepSpec> steps, int repeats, Optional<Reference> reference,
                         Map<String, Object> profiles, Optional<String> profile, Optional<MachineScale> scale,
                         Set<String> includeOptional, AblationSpec ablation, Path source, Set<Observe> observe,
                         Optional<RepeatsAuto> autoRepeats, Set<SettingGate.Kind> allow) {

    public Experiment {
        steps = List.copyOf(steps);
        profiles = Collections.unmodifiableMap(new LinkedHashMap<>(profiles));
        includeOptional = Collections.unmodifiableSet(new LinkedHashSet<>(includeOptional));
        observe = observe.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(observe));
        allow = allow.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(allow));
        if (autoRepeats.isPresent() && repeats != autoRepeats.get().min()) {
            throw new IllegalArgumentException("with repeats: auto, repeats is the rounds planned up front (min "
                    + autoRepeats.get().min() + "), got " + repeats);
        }
    }

    /** The same experiment observing {@code more} as well as what it already observes ({@code --observe}). */
    public Experiment withObserve(Set<Observe> more) {
        Set<Observe> all = EnumSet.noneOf(Observe.class);
        all.addAll(observe);
        all.addAll(more);
        return new Experiment(name, description, mode, server, workload, data, steps, repeats, reference,
                profiles, profile, scale, includeOptional, ablation, source, all, autoRepeats, allow);
    }

    public Experiment withServer(ServerSpec newServer) {
        return new Experiment(name, description, mode, newServer, workload, data, steps, repeats, reference,
                profiles, profile, scale, includeOptional, ablation, source, observe, autoRepeats, allow);
    }

    public Experiment withSteps(List<StepSpec> newSteps) {
        return new Experiment(name, description, mode, server, workload, data, newSteps, repeats, reference,
                profiles, profile, scale, includeOptional, ablation, source, observe, autoRepeats, allow);
    }

    /** The same file as an ablation ({@code pgknobs ablate}): its steps become the units. */
    public Experiment asAblation() {
        return new Experiment(name, description, Mode.ABLATION, server, workload, data, steps, repeats, reference,
                profiles, profile, scale, includeOptional, ablation, source, observe, autoRepeats, allow);
    }

    /** A fixed number of repeats (drops {@code repeats: auto}). */
    public Experiment withRepeats(int newRepeats) {
        return new Experiment(name, description, mode, server, workload, data, steps, newRepeats, reference,
                profiles, profile, scale, includeOptional, ablation, source, observe, Optional.empty(), allow);
    }

    /** {@code repeats: auto}: {@code repeats} becomes the rounds planned up front, its {@code min}. */
    public Experiment withAutoRepeats(RepeatsAuto auto) {
        return new Experiment(name, description, mode, server, workload, data, steps, auto.min(), reference,
                profiles, profile, scale, includeOptional, ablation, source, observe, Optional.of(auto), allow);
    }

    /**
     * Only the named steps, in the file's order, as written; published values of the others are dropped
     * too, so the resolved file stays valid. In cumulative mode the kept steps then build on each other
     * only: {@code plan.StepSelection} is what {@code --steps} uses, and keeps the chain.
     */
    public Experiment onlySteps(Set<String> names) {
        List<StepSpec> kept = steps.stream().filter(s -> names.contains(s.name())).toList();
        return withSteps(kept).withPublished(names::contains);
    }

    /** The same steps without a published value for {@code names} (steps that are not the published step). */
    public Experiment withoutPublished(Set<String> names) {
        return withPublished(name -> !names.contains(name));
    }

    private Experiment withPublished(java.util.function.Predicate<String> keep) {
        Optional<Reference> ref = reference.map(r -> new Reference(r.source(), r.metric(),
                r.values().entrySet().stream().filter(e -> keep.test(e.getKey()))
                        .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue,
                                (a, b) -> a, LinkedHashMap::new)), r.notes()));
        return new Experiment(name, description, mode, server, workload, data, steps, repeats, ref,
                profiles, profile, scale, includeOptional, ablation, source, observe, autoRepeats, allow);
    }
}
