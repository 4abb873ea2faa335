package org.pgknobs.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.pgknobs.BadInputException;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.plan.ExperimentPlan;
import org.pgknobs.experiment.plan.ShardSelection;
import org.pgknobs.experiment.yaml.ExperimentLoader;
import org.pgknobs.report.Spread;
import org.pgknobs.report.ResultDirReader;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.StepStatus;
import org.pgknobs.run.SuiteRunner;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code pgknobs noise FILE [--step S] [--repeats N]}: one step N times, each from the restored data, and the spread
 * of its repeats: what this setup can tell apart (docs/statistics.md, "Noise floor"). A run like any other (same
 * options, result directory, report), through {@code --steps S}, with noise.json beside suite.json.
 */
@Command(name = "noise", mixinStandardHelpOptions = true,
        description = "Measure the noise floor: run one step (--step, default the base) N times (--repeats, default 5), "
                + "each from the restored data, and report the spread: CV, the 95 %% interval of the mean, and the "
                + "smallest effect this setup detects at 95 %% (80 %% power). Same options as run; noise.json in the "
                + "result directory. Exit 0 done, 1 a run failed, 2 bad input, 130 interrupted.")
final class NoiseCommand implements Callable<Integer> {

    static final int DEFAULT_REPEATS = 5;

    @Option(names = "--step", paramLabel = "NAME", description = "the step to repeat (default: the base: a step named "
            + "base or baseline, else the first)")
    String step;

    @Mixin
    RunOptions options;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        Path file = options.file;
        if (!options.plan.onlySteps.isEmpty() || options.plan.stepsOnly) {
            throw new BadInputException("noise: --steps does not apply; name the one step to repeat with --step NAME");
        }
        if (options.plan.shard != null || options.plan.pgVersions.size() > 1) {
            throw new BadInputException("noise: --shard and several --pg-versions do not apply: the spread is of one "
                    + "step on one server; run noise once per host or version");
        }
        Experiment plain = ExperimentLoader.load(file, Optional.ofNullable(options.plan.profile), options.plan.sets,
                options.allowOptions.kinds(), options.allowOptions.trust());
        List<String> names = plain.steps().stream().map(s -> s.name()).toList();
        if (step != null && !names.contains(step)) {
            throw new BadInputException("--step: " + file + " has no step " + step + "; its steps are: "
                    + String.join(", ", names));
        }
        String repeated = step != null ? step : ShardSelection.base(ExperimentPlan.of(plain)).name();
        return new ExperimentRun(options, spec).repeating(String.valueOf(repeatCount(options.plan.repeats)))
                .onlyStep(repeated).whenFinished((outcome, out) -> finished(repeated, outcome, out)).call();
    }

    private static int repeatCount(String repeats) {
        if (repeats == null) {
            return DEFAULT_REPEATS;
        }
        try {
            int n = Integer.parseInt(repeats.trim());
            if (n >= 2) {
                return n;
            }
        } catch (NumberFormatException e) {
            // the error below says what is expected
        }
        throw new BadInputException("noise --repeats: expected a whole number ≥ 2 (a spread needs two repeats), got '"
                + repeats + "'; e.g. --repeats 5");
    }

    /** After the suite: the spread of the step's repeats, printed and in noise.json. */
    private static void finished(String step, SuiteRunner.Outcome outcome, PrintStream out) {
        List<Double> throughputs = ResultDirReader.summaryTable(outcome.directory()).rows().stream()
                .filter(r -> r.name().equals(step) && r.status() == StepStatus.DONE && r.throughput() != null)
                .map(org.pgknobs.report.SummaryTable.Row::throughput).toList();
        Spread spread = Spread.of(step, throughputs);
        out.println();
        if (spread == null) {
            out.println("noise: " + throughputs.size() + " of the repeats of " + step + " measured a throughput: no "
                    + "spread to report (it needs 2)");
            return;
        }
        lines(spread).forEach(out::println);
        JsonFiles.write(outcome.directory().resolve("noise.json"), spread);
        out.println("noise: " + outcome.directory().resolve("noise.json"));
    }

    /** What the command prints: the spread, then the smallest detectable effect per repeat count. */
    static List<String> lines(Spread s) {
        Map<String, String> at = new LinkedHashMap<>();
        s.detectableAt().forEach((n, e) -> at.put(String.valueOf(n), String.format(Locale.ROOT, "%.1f %%", e * 100)));
        return List.of(
                String.format(Locale.ROOT, "noise floor of %s, %d repeats: mean %.1f/s, CV %.1f %%, 95 %% interval "
                                + "of the mean ±%.1f %%", s.step(), s.repeats(), s.mean(), s.coefficientOfVariation() * 100,
                        s.relativeHalfWidth() * 100),
                "smallest effect detectable at 95 % (80 % power), by repeats per side: " + at.entrySet().stream()
                        .map(e -> e.getKey() + ": " + e.getValue()).reduce((a, b) -> a + ", " + b).orElse(""),
                "repeats per side to detect " + s.repeatsToDetectText());
    }
}
