package org.pgknobs.experiment;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A validated experiment file, after the chosen profile and {@code --set} overrides were applied: what runs (the
 * server, the workload, the data policy, the steps), what the user opted into ({@link OptIns}: optional steps,
 * gated settings), how it is measured
 * ({@link Measurement}), what it is compared with ({@code reference}), and where it came from ({@link Provenance}).
 * {@code ablation} is read in every mode (defaults when absent) and used by {@code mode: ablation}.
 */
public record Experiment(String name, String description, Mode mode, ServerSpec server, WorkloadSpec workload,
                         DataPolicy data, List<StepSpec> steps, OptIns optIns, AblationSpec ablation,
                         Measurement measurement, Optional<Reference> reference, Provenance provenance) {

    public Experiment {
        steps = List.copyOf(steps);
    }

    /** The optional steps the file or the command line included. */
    public Set<String> includeOptional() {
        return optIns.includeOptional();
    }

    /** The kinds of gated settings the user allowed ({@link SettingGate}: the file's {@code allow:} and {@code --allow}). */
    public Set<SettingGate.Kind> allow() {
        return optIns.allow();
    }

    /** The same experiment observing {@code more} as well as what it already observes ({@code --observe}). */
    public Experiment withObserve(Set<Observe> more) {
        return withMeasurement(measurement.observing(more));
    }

    public Experiment withServer(ServerSpec newServer) {
        return new Experiment(name, description, mode, newServer, workload, data, steps, optIns, ablation,
                measurement, reference, provenance);
    }

    public Experiment withSteps(List<StepSpec> newSteps) {
        return new Experiment(name, description, mode, server, workload, data, newSteps, optIns, ablation,
                measurement, reference, provenance);
    }

    /** The same file as an ablation ({@code pgknobs ablate}): its steps become the units. */
    public Experiment asAblation() {
        return new Experiment(name, description, Mode.ABLATION, server, workload, data, steps, optIns, ablation,
                measurement, reference, provenance);
    }

    /** A fixed number of repeats (drops {@code repeats: auto}). */
    public Experiment withRepeats(int newRepeats) {
        return withMeasurement(measurement.withRepeats(newRepeats));
    }

    /** {@code repeats: auto}: {@code repeats} becomes the rounds planned up front, its {@code min}. */
    public Experiment withAutoRepeats(RepeatsAuto auto) {
        return withMeasurement(measurement.withAutoRepeats(auto));
    }

    /** The bracketed base set to at most {@code every} runs between base measurements; 0 turns it off. */
    public Experiment withBracket(int every) {
        return withMeasurement(measurement.withBracket(every));
    }

    private Experiment withMeasurement(Measurement newMeasurement) {
        return new Experiment(name, description, mode, server, workload, data, steps, optIns, ablation,
                newMeasurement, reference, provenance);
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
        return new Experiment(name, description, mode, server, workload, data, steps, optIns, ablation,
                measurement, ref, provenance);
    }
}
