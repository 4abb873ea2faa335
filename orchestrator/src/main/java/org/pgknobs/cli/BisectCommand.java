package org.pgknobs.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.concurrent.Callable;
import org.pgknobs.BadInputException;
import org.pgknobs.bisect.BisectResult;
import org.pgknobs.bisect.BisectRules;
import org.pgknobs.bisect.Probe;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.Mode;
import org.pgknobs.experiment.RepeatsAuto;
import org.pgknobs.experiment.StepSpec;
import org.pgknobs.experiment.plan.ExperimentPlan;
import org.pgknobs.experiment.plan.PlannedStep;
import org.pgknobs.run.SettingSearch;
import org.pgknobs.stats.AutoRepeats;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code pgknobs bisect FILE --step S --releases A..B|list | --setting NAME --values A..B|list [--drop P%]}: which
 * release, or which value of a setting, changed step S's throughput (docs/versions.md, "Bisection"). A setting's
 * candidates are steps of one suite (one result directory, one load); a release's are suites of their own
 * ({@link ReleaseBisect}).
 */
@Command(name = "bisect", mixinStandardHelpOptions = true,
        description = "Which release, or which value of a setting, changed a step's throughput: runs the two ends with "
                + "repeats until their difference is decided, then binary-searches between them, printing each "
                + "candidate (value with interval, class) as it goes. Same options as run; --repeats MIN..MAX bounds "
                + "each candidate's runs. Exit 0 the search ended (found, no change or undecided: it says which), "
                + "2 bad input, 130 interrupted, 1 an internal error.")
final class BisectCommand implements Callable<Integer> {

    @Mixin
    RunOptions options;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--step", required = true, paramLabel = "NAME", description = "the step of FILE to bisect")
    String step;

    @Option(names = "--releases", split = ",", paramLabel = "A..B|LIST",
            description = "releases of one major, e.g. 17.0..17.12 (every published release between) or 17.0,17.6,17.12")
    List<String> releases = new ArrayList<>();

    @Option(names = "--setting", paramLabel = "NAME", description = "a setting to bisect over, e.g. shared_buffers")
    String setting;

    @Option(names = "--values", split = ",", paramLabel = "A..B|LIST",
            description = "the setting's values: a range of sizes or numbers stepped ×2 (128kB..64MB), or a list in order")
    List<String> values = new ArrayList<>();

    @Option(names = "--drop", paramLabel = "P%", description = "with --setting: find where throughput falls more than "
            + "P% below the faster end's (e.g. 20%), instead of where it changes")
    String drop;

    @Override
    public Integer call() {
        checkOptions();
        PrintStream out = System.out;
        BisectRules rules = new BisectRules(repeats(), dropShare());
        if (setting == null) {
            return new ReleaseBisect(options, spec, step, rules, out).run(releases);
        }
        List<String> candidates = BisectValues.parse(values);
        BisectResult[] answer = {null};
        SettingSearch search = new SettingSearch(step, setting, rules,
                probe -> out.println("bisect: " + probe.line(candidates.get(0), candidates.get(candidates.size() - 1))),
                result -> {
                    answer[0] = result;
                    printAnswer(result, candidates, out);
                });
        int code = new ExperimentRun(options, spec).repeating("1").reshaping(e -> candidateSteps(e, candidates))
                .searching(search).call();
        // a candidate that fails is an answer, not a failure of the command
        return code == Main.RUN_FAILED && answer[0] != null ? Main.OK : code;
    }

    private void checkOptions() {
        if (options.resume != null || !options.plan.onlySteps.isEmpty() || options.plan.shard != null) {
            throw new BadInputException("bisect: --resume, --steps and --shard do not apply (a bisection decides its runs "
                    + "as it goes). Fix: drop them and name the step with --step " + (step == null ? "NAME" : step));
        }
        if ((setting == null) == releases.isEmpty()) {
            throw new BadInputException("bisect: give either --releases A..B or --setting NAME --values A..B. Fix: e.g. "
                    + "--releases 17.0..17.12, or --setting shared_buffers --values 8MB..10GB");
        }
        if (setting != null && values.isEmpty()) {
            throw new BadInputException("bisect --setting " + setting + ": no --values. Fix: e.g. --values 8MB..10GB "
                    + "or --values 8MB,64MB,1GB");
        }
        if (setting == null && (!values.isEmpty() || drop != null)) {
            throw new BadInputException("bisect --releases: --values and --drop go with --setting. Fix: drop them");
        }
        if (setting == null && !options.plan.pgVersions.isEmpty()) {
            throw new BadInputException("bisect --releases: --pg-versions does not apply (the releases are the "
                    + "candidates). Fix: drop it");
        }
        if (options.trialStart == null) {
            options.trialStart = false; // a candidate that fails to start is an answer ("fails"), not bad input
        }
    }

    /** --repeats MIN..MAX or N (N..N), else the file's repeats: auto, else auto's defaults (3..6, ±3 %). */
    private AutoRepeats repeats() {
        Experiment e = options.plan.choose(options.file, new ArrayList<>(options.plan.sets), options.allowOptions,
                Set.of(), options.plan.repeats, List.of(), false).experiment();
        Optional<RepeatsAuto> auto = e.measurement().autoRepeats();
        if (auto.isPresent()) {
            return new AutoRepeats(auto.get().min(), auto.get().max(), auto.get().target());
        }
        int n = e.measurement().repeats();
        if (options.plan.repeats == null) {
            RepeatsAuto d = RepeatsAuto.defaults();
            return new AutoRepeats(d.min(), d.max(), d.target());
        }
        if (n < 2) {
            throw new BadInputException("bisect --repeats " + options.plan.repeats + ": a candidate needs at least 2 "
                    + "runs for an interval. Fix: --repeats 3..6 (or 2 and more)");
        }
        return new AutoRepeats(n, n, RepeatsAuto.DEFAULT_TARGET);
    }

    private OptionalDouble dropShare() {
        if (drop == null) {
            return OptionalDouble.empty();
        }
        String t = drop.strip();
        try {
            double p = Double.parseDouble(t.endsWith("%") ? t.substring(0, t.length() - 1) : "x");
            if (p > 0 && p < 100) {
                return OptionalDouble.of(p / 100);
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new BadInputException("--drop " + drop + ": a share between 0% and 100%. Fix: e.g. --drop 20%");
    }

    /** Step S once per candidate value: S's full settings with the setting set to it, in order. */
    private Experiment candidateSteps(Experiment experiment, List<String> candidates) {
        PlannedStep planned = ExperimentPlan.of(experiment).step(step).orElseThrow(() -> new BadInputException(
                "--step " + step + ": " + options.file + " has no such step; its steps: " + String.join(", ",
                        ExperimentPlan.of(experiment).steps().stream().map(PlannedStep::name).toList())
                        + ". Fix: name one of them"));
        List<String> initdb = experiment.steps().stream().filter(s -> s.name().equals(step)).findFirst()
                .map(StepSpec::initdb).orElse(List.of());
        List<StepSpec> steps = new ArrayList<>();
        for (String v : candidates) {
            Map<String, Object> settings = new LinkedHashMap<>(planned.settings());
            settings.remove(setting);
            settings.put(setting, v);
            steps.add(new StepSpec(setting + "-" + v.replaceAll("[^A-Za-z0-9._-]", "_"), step + " with " + setting
                    + " = " + v, settings, initdb, Optional.empty(), false));
        }
        Experiment candidatesOnly = new Experiment(experiment.name(), experiment.description(), Mode.VARIANTS,
                experiment.server(), experiment.workload(), experiment.data(), steps, experiment.optIns(),
                experiment.ablation(), experiment.measurement(), experiment.reference(), experiment.provenance());
        return candidatesOnly.withRepeats(1).withBracket(0);
    }

    static void printAnswer(BisectResult result, List<String> candidates, PrintStream out) {
        out.println();
        out.println("bisect: " + result.summary());
        String first = candidates.get(0);
        String last = candidates.get(candidates.size() - 1);
        for (Optional<Probe> p : List.of(result.before(), result.after())) {
            p.ifPresent(probe -> out.println("  evidence: " + probe.line(first, last)));
        }
        out.println(String.format(Locale.ROOT, "  %d of %d candidates measured, %d runs", result.path().size(),
                candidates.size(), result.path().stream().mapToInt(Probe::runs).sum()));
    }
}
