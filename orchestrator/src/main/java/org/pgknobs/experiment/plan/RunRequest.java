package org.pgknobs.experiment.plan;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.pgknobs.BadInputException;
import org.pgknobs.experiment.DataPolicy;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.Mode;

/**
 * What a command line asks of an experiment besides the file itself: the steps to run ({@code --steps},
 * {@code --steps-only}), this host's shard ({@code --shard}) and whether it finishes an earlier result directory
 * ({@code --resume}). {@link #check} holds every rule that ties these to the experiment, in one place, so the
 * command asks once before anything starts and the runner gets a plan that holds.
 *
 * @param file      the experiment file as the user named it, for the messages
 * @param steps     the steps named by {@code --steps}; empty: every step
 * @param stepsOnly {@code --steps-only}: the named steps with their own settings ({@link StepSelection})
 * @param resumes   whether {@code --resume} names a result directory to finish
 */
public record RunRequest(Path file, List<String> steps, boolean stepsOnly, Shard shard, boolean resumes) {

    public RunRequest {
        steps = List.copyOf(steps);
    }

    /** Every step, the whole plan, a fresh result directory. */
    public static RunRequest whole(Path file) {
        return new RunRequest(file, List.of(), false, Shard.whole(), false);
    }

    /**
     * Checks the request against the experiment as it will run (profile, {@code --set}, {@code --repeats} and
     * {@code --pg-versions} applied) and selects its steps.
     *
     * @return the experiment with the chosen steps as they run, and the steps that are not the published ones
     * @throws BadInputException a request the experiment cannot honour, with what to change
     */
    public StepSelection.Chosen check(Experiment experiment) {
        StepSelection.Chosen chosen = selectSteps(experiment);
        checkShard(chosen.experiment());
        if (resumes && experiment.server().versions().size() > 1) {
            throw new BadInputException("--resume names one directory, one version; resume each with --pg-versions N "
                    + "--resume DIR");
        }
        return chosen;
    }

    /** The steps named by --steps, in the file's order; a name the file lacks, or --steps-only where it means nothing, is refused. */
    private StepSelection.Chosen selectSteps(Experiment experiment) {
        if (steps.isEmpty()) {
            if (stepsOnly) {
                throw new BadInputException("--steps-only needs --steps NAME,...: it says what the named steps run "
                        + "with; without --steps every step of " + file + " runs as its chain defines it");
            }
            return new StepSelection.Chosen(experiment, Map.of());
        }
        List<String> known = experiment.steps().stream().map(s -> s.name()).toList();
        List<String> unknown = steps.stream().filter(n -> !known.contains(n)).toList();
        if (!unknown.isEmpty()) {
            throw new BadInputException("--steps: " + file + " has no step " + String.join(", ", unknown)
                    + "; its steps are: " + String.join(", ", known));
        }
        if (stepsOnly && experiment.mode() != Mode.CUMULATIVE) {
            throw new BadInputException("--steps-only: " + file + " runs as mode: "
                    + experiment.mode().name().toLowerCase(Locale.ROOT) + (experiment.mode() == Mode.VARIANTS
                    ? ", where every step already runs alone on the base" : ", where the named steps are the units")
                    + ": no step carries another's settings, so there is nothing to leave out; drop --steps-only "
                    + "(it applies to mode: cumulative)");
        }
        return new StepSelection(steps, stepsOnly).applyTo(experiment);
    }

    /** A shard runs some steps, each from the same restored data, with fixed repeats. */
    private void checkShard(Experiment experiment) {
        if (shard.isWhole()) {
            return;
        }
        if (experiment.measurement().autoRepeats().isPresent()) {
            throw new BadInputException("--shard " + shard + ": repeats: auto decides when every step's interval "
                    + "has settled, and a shard runs only some steps; give the shards fixed repeats (--repeats N), or "
                    + "run without --shard");
        }
        if (experiment.data() == DataPolicy.CONTINUE) {
            throw new BadInputException("--shard " + shard + ": " + file + " has `data: continue`, so every step "
                    + "works on the data the step before left; shards need `data: restore` (or run without --shard)");
        }
    }
}
