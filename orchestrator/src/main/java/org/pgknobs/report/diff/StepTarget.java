package org.pgknobs.report.diff;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.pgknobs.BadInputException;
import org.pgknobs.report.Repeats;
import org.pgknobs.report.ResultDirReader;
import org.pgknobs.report.RunData;
import org.pgknobs.report.StepRun;

/**
 * One side of {@code pgknobs diff}: a step of a result directory, one repeat of it (the one asked for, else
 * the repeat with the median headline throughput, whose figures the report shows too), and all its repeats
 * for the throughput's interval.
 *
 * @param headline the headline phase of the run's workload, null when no step was measured
 */
public record StepTarget(String runDir, String step, StepRun chosen, List<StepRun> repeats, String headline) {

    private static final Pattern SPEC = Pattern.compile("(.+?)(?:/r(\\d+))?");
    private static final Pattern NUMBERED = Pattern.compile("\\d+-(.+)");

    public StepTarget {
        repeats = List.copyOf(repeats);
    }

    /**
     * {@code DIR STEP_A STEP_B} (two steps of one result directory) or {@code DIR_A:STEP DIR_B:STEP} (of two);
     * a step is {@code name}, {@code NN-name} or {@code name/rK}.
     */
    public static List<StepTarget> parse(List<String> args) {
        if (args.size() == 3) {
            RunData run = ResultDirReader.read(args.get(0));
            return List.of(resolve(run, args.get(1)), resolve(run, args.get(2)));
        }
        if (args.size() == 2 && args.get(0).contains(":") && args.get(1).contains(":")) {
            return List.of(resolveColon(args.get(0)), resolveColon(args.get(1)));
        }
        throw new BadInputException("pgknobs diff takes RESULT_DIR STEP_A STEP_B or DIR_A:STEP DIR_B:STEP, got "
                + args.size() + " argument(s) " + args + "; a step is NAME, NN-NAME or NAME/rK (a repeat; default: the"
                + " median repeat)");
    }

    private static StepTarget resolveColon(String arg) {
        int colon = arg.lastIndexOf(':');
        if (colon <= 0 || colon == arg.length() - 1) {
            throw new BadInputException("'" + arg + "': expected DIR:STEP, e.g. results/article-42000x/2026-12-01T10-00-00:cache-8mb");
        }
        return resolve(ResultDirReader.read(arg.substring(0, colon)), arg.substring(colon + 1));
    }

    /** The step {@code spec} of the result directory {@code run}; bad input names what exists instead. */
    public static StepTarget resolve(RunData run, String spec) {
        String dir = run.dir();
        Map<String, List<StepRun>> byName = new LinkedHashMap<>();
        run.steps().forEach(s -> byName.computeIfAbsent(s.name(), k -> new java.util.ArrayList<>()).add(s));
        Matcher m = SPEC.matcher(spec);
        if (!m.matches()) {
            throw new BadInputException("'" + spec + "' is not a step: expected NAME or NAME/rK");
        }
        String name = m.group(1);
        if (!byName.containsKey(name)) {
            Matcher numbered = NUMBERED.matcher(name);
            if (numbered.matches() && byName.containsKey(numbered.group(1))) {
                name = numbered.group(1);
            } else {
                throw new BadInputException(dir + " has no step '" + name + "' (steps: " + String.join(", ", byName.keySet())
                        + ")");
            }
        }
        List<StepRun> repeats = byName.get(name);
        String headline = run.steps().stream().filter(StepRun::measured).findFirst()
                .map(s -> s.result().workload().headlinePhase()).orElse(null);
        StepRun chosen;
        if (m.group(2) != null) {
            int repeat = Integer.parseInt(m.group(2));
            String finalName = name;
            chosen = repeats.stream().filter(r -> r.repeat() == repeat).findFirst()
                    .orElseThrow(() -> new BadInputException(dir + ": step '" + finalName + "' has no repeat r" + repeat
                            + " (repeats: " + String.join(", ", repeats.stream().map(r -> "r" + r.repeat()).toList()) + ")"));
        } else {
            chosen = Repeats.medianRun(repeats, headline).orElse(repeats.get(0));
        }
        return new StepTarget(dir, name, chosen, repeats, headline);
    }

    /** "cache-8mb r2 of 3 (results/…/steps/02-cache-8mb/r2)". */
    public String label() {
        return step + (repeats.size() > 1 ? " r" + chosen.repeat() + " of " + repeats.size() : "") + " (" + chosen.dir() + ")";
    }

    public String dir() {
        return chosen.dir();
    }
}
