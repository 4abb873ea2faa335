package org.pgknobs.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Set;
import java.util.Map;
import java.util.List;
import java.util.Optional;
import org.pgknobs.BadInputException;
import org.pgknobs.bisect.BisectResult;
import org.pgknobs.bisect.BisectRules;
import org.pgknobs.bisect.Bisection;
import org.pgknobs.bisect.RunOutcome;
import org.pgknobs.experiment.PgRelease;
import org.pgknobs.results.BisectRecord;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.StepResult;
import org.pgknobs.results.SuiteLayout;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.run.BisectPhase;
import org.pgknobs.run.SettingSearch;
import org.pgknobs.server.ZonkyRepository;
import picocli.CommandLine;

/**
 * {@code pgknobs bisect --releases}: the search's runs of a release come from suites of the file's step on that
 * release ({@code --pg-versions R --steps S --repeats N}, each its own result directory {@code ...-pgR}, report
 * included): the first with the cap of runs, a later one only when the search asks for more; bisect.json in
 * {@code <out>/<experiment>/bisect-<time>/} names them all with the path and the answer.
 */
final class ReleaseBisect {

    private final RunOptions options;
    private final CommandLine.Model.CommandSpec spec;
    private final String step;
    private final BisectRules rules;
    private final PrintStream out;

    ReleaseBisect(RunOptions options, CommandLine.Model.CommandSpec spec, String step, BisectRules rules, PrintStream out) {
        this.options = options;
        this.spec = spec;
        this.step = step;
        this.rules = rules;
        this.out = out;
    }

    int run(List<String> given) {
        List<PgRelease> candidates = candidates(given);
        List<String> labels = candidates.stream().map(PgRelease::toString).toList();
        ServerFactory servers = new ServerFactory(options.serverOptions);
        // every listed release's build exists (bundled, cached, or fetched now): exit 2 before anything runs otherwise;
        // a range's releases are published, and only its ends are sure to run: the rest are fetched when probed
        boolean range = given.size() == 1 && given.get(0).contains("..");
        servers.checkBuilds(range ? List.of(candidates.get(0), candidates.get(candidates.size() - 1)) : candidates);
        String name = options.plan.choose(options.file, new ArrayList<>(options.plan.sets), options.allowOptions,
                Set.of(), null, List.of(step), false).experiment().name();
        Path dir = options.out.resolve(name).resolve("bisect-" + LocalDateTime.now().format(
                DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        List<String> directories = new ArrayList<>();
        List<BisectRecord.Line> lines = new ArrayList<>();
        boolean[] interrupted = {false};
        Map<Integer, Deque<RunOutcome>> spare = new HashMap<>();
        Set<Integer> suited = new HashSet<>();
        Bisection bisection = new Bisection(labels, "release", rules, (index, count) -> {
            Deque<RunOutcome> at = spare.computeIfAbsent(index, k -> new ArrayDeque<>());
            if (at.size() < count) {
                // a release's first suite runs the cap at once: a suite's initdb and load cost more than its runs,
                // and the search still reads the runs one at a time, as they ran
                int runs = suited.add(index) ? Math.max(count, rules.repeats().max()) : count - at.size();
                List<RunOutcome> got = suite(labels.get(index), runs, directories);
                if (got.size() != runs) {
                    interrupted[0] = got.isEmpty();
                    throw new Stop();
                }
                at.addAll(got);
            }
            List<RunOutcome> outcomes = new ArrayList<>();
            for (int k = 0; k < count; k++) {
                outcomes.add(at.removeFirst());
            }
            return outcomes;
        }, probe -> {
            lines.add(BisectPhase.line(probe, labels));
            write(dir, labels, "running", null, lines, directories);
            out.println("bisect: " + probe.line(labels.get(0), labels.get(labels.size() - 1)));
        });
        try {
            BisectResult result = bisection.run();
            write(dir, labels, "done", result, lines, directories);
            BisectCommand.printAnswer(result, labels, out);
            out.println("bisect: " + dir.resolve("bisect.json"));
            return Main.OK;
        } catch (Stop e) {
            write(dir, labels, "interrupted", null, lines, directories);
            return interrupted[0] ? Main.INTERRUPTED : Main.RUN_FAILED;
        }
    }

    /**
     * One suite of the step on a release, {@code runs} repeats after one discarded warm-up; its runs, empty when
     * interrupted. The suites of the releases run one after another, so whatever the first run of a suite pays (a
     * server just loaded, a client JVM not yet compiled: the first release's first run read ×0.6-0.8 of its others)
     * would land on one release and read as a difference between releases; the warm-up takes it, as a bracket's does.
     */
    private List<RunOutcome> suite(String release, int runs, List<String> directories) {
        List<RunOutcome> outcomes = new ArrayList<>();
        options.plan.pgVersions = List.of(release);
        int code = new ExperimentRun(options, spec).repeating(Integer.toString(runs + 1)).onlyStep(step)
                .whenFinished((outcome, o) -> {
                    directories.add(outcome.directory().toString());
                    List<RunOutcome> all = outcomes(outcome.directory());
                    outcomes.addAll(all.isEmpty() ? all : all.subList(1, all.size()));
                }).call();
        return code == Main.INTERRUPTED ? List.of() : outcomes;
    }

    /** The step's runs of one suite, in order. */
    private List<RunOutcome> outcomes(Path suite) {
        SuiteRecord record = JsonFiles.read(new SuiteLayout(suite).suiteJson(), SuiteRecord.class);
        List<RunOutcome> got = new ArrayList<>();
        for (SuiteRecord.Entry e : record.steps()) {
            if (!e.name().equals(step)) {
                continue;
            }
            Path json = SuiteLayout.stepJson(suite.resolve(e.dir()));
            got.add(Files.isRegularFile(json) ? SettingSearch.outcome(JsonFiles.read(json, StepResult.class))
                    : new RunOutcome.Failed(e.status().json() + (e.reason() == null ? "" : ": " + e.reason())));
        }
        return got;
    }

    /** A list as given (in order), or A..B: every release zonky publishes from A to B. */
    private List<PgRelease> candidates(List<String> given) {
        List<PgRelease> out;
        if (given.size() == 1 && given.get(0).contains("..")) {
            String[] ends = given.get(0).split("\\.\\.", -1);
            PgRelease a = release(ends[0]);
            PgRelease b = ends.length == 2 ? release(ends[1]) : a;
            if (ends.length != 2 || b.compareTo(a) <= 0) {
                throw new BadInputException("--releases " + given.get(0) + ": not an ordered range. Fix: the older "
                        + "release first, e.g. --releases 17.0..17.12");
            }
            List<String> published;
            try {
                published = new ServerFactory(options.serverOptions).releases().repository().published();
            } catch (ZonkyRepository.Unavailable e) {
                throw new BadInputException("--releases " + given.get(0) + ": the published releases cannot be listed ("
                        + e.getMessage() + "). Fix: give the releases as a list, e.g. --releases " + a + "," + b);
            }
            out = published.stream().map(PgRelease::ofZonky).flatMap(Optional::stream)
                    .filter(r -> r.compareTo(a) >= 0 && r.compareTo(b) <= 0).sorted().distinct().toList();
            for (PgRelease end : List.of(a, b)) {
                if (!out.contains(end)) {
                    throw new BadInputException("--releases " + given.get(0) + ": " + end + " is not published; published "
                            + "between them: " + out + ". Fix: start and end the range at published releases");
                }
            }
        } else {
            out = given.stream().map(ReleaseBisect::release).toList();
            for (int i = 1; i < out.size(); i++) {
                if (out.get(i).compareTo(out.get(i - 1)) <= 0) {
                    throw new BadInputException("--releases " + String.join(",", given) + ": " + out.get(i)
                            + " does not come after " + out.get(i - 1) + ". Fix: list them oldest first");
                }
            }
        }
        if (out.size() < 2) {
            throw new BadInputException("--releases " + String.join(",", given) + ": a bisection needs two releases or "
                    + "more. Fix: e.g. --releases 17.0..17.12");
        }
        return out;
    }

    private static PgRelease release(String text) {
        PgRelease r;
        try {
            r = PgRelease.parse(text);
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--releases: " + e.getMessage());
        }
        if (r.isMajorOnly()) {
            throw new BadInputException("--releases: " + text + " is a major; a bisection compares releases. Fix: e.g. "
                    + text + ".0.." + text + ".12");
        }
        return r;
    }

    private void write(Path dir, List<String> labels, String status, BisectResult result, List<BisectRecord.Line> lines,
                       List<String> directories) {
        JsonFiles.write(dir.resolve("bisect.json"), new BisectRecord(BisectRecord.SCHEMA_VERSION, step, "releases",
                labels, status, result == null ? null : result.kind().name().toLowerCase(java.util.Locale.ROOT),
                result == null ? null : result.summary(), lines, directories));
    }

    /** Interrupted, or a suite that did not give the runs asked for. */
    private static final class Stop extends RuntimeException {
        Stop() {
            super("stopped", null, false, false);
        }
    }
}
