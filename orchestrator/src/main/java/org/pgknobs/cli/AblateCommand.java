package org.pgknobs.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.pgknobs.BadInputException;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.yaml.ExperimentLoader;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code pgknobs ablate FILE}: a cumulative file run as an ablation (its steps are the units, its last step
 * the full set), through {@code --set mode=ablation} so suite.json and the resolved file record exactly that.
 */
@Command(name = "ablate", mixinStandardHelpOptions = true,
        description = "Which settings of a cumulative experiment cost the most: run the base, the full set (the last "
                + "step), the full set without each step's settings and the base with each alone, from the same "
                + "restored data; --set ablation.search=ddmin|greedy adds a minimal culprit search. Same options as "
                + "run. Exit 0 all runs done, 1 a run failed, 2 bad input, 130 interrupted.")
final class AblateCommand implements Callable<Integer> {

    @Mixin
    RunOptions options;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        return new ExperimentRun(options, spec).adding(this::ablationSets).call();
    }

    /** mode=ablation for a cumulative file, nothing for an ablation; a variants file cannot be ablated. */
    private List<String> ablationSets(List<String> userSets) {
        Path file = options.file;
        Experiment plain = ExperimentLoader.load(file, Optional.ofNullable(options.plan.profile), userSets,
                options.allowOptions.kinds(), options.allowOptions.trust());
        return switch (plain.mode()) {
            case ABLATION -> List.of();
            case CUMULATIVE -> List.of("mode=ablation");
            case VARIANTS -> throw new BadInputException(file + ": mode: variants: its steps are alternatives, not parts "
                    + "of one configuration. Fix: ablate a cumulative file, or write `mode: ablation` with the settings as "
                    + "steps (see docs/ablation.md)");
        };
    }
}
