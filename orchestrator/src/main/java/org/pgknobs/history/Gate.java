package org.pgknobs.history;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.pgknobs.report.EffectInterval;

/**
 * The regression gate: each finished step of a new run against that step's last stable segment in the history (same
 * experiment, step, workload spec, metric, settings fingerprint unless {@code acrossSettings}, and PostgreSQL version
 * unless {@code acrossVersions}),
 * by the report's interval ({@link EffectInterval}: Welch's t on the logs of both sides' repeats, 95 %). The earlier
 * side pools the repeats of every run of the segment, so its spread holds the run-to-run spread the segment shows; the
 * new side is the new run's own repeats. A step is a regression when the whole interval of its slowdown lies beyond
 * {@code threshold} (1: any slowdown the interval supports). Keyed on the settings by default, a changed file starts a
 * new series (a nightly job's config change is a new baseline, not a regression); across settings, a change of the
 * file's settings is judged like any other change, and the message names the settings that differ from the last
 * earlier run.
 *
 * @param lowerIsBetter the metric's direction: false for throughput (the headline), true for a latency
 */
public record Gate(boolean acrossVersions, boolean acrossSettings, double threshold, boolean lowerIsBetter,
                   Segment segment) {

    public enum Outcome { SLOWER, SLOWER_WITHIN_THRESHOLD, NO_CHANGE, FASTER, NOT_JUDGED, NO_HISTORY }

    /**
     * @param slowdown earlier ÷ new for throughput (new ÷ earlier for a lower-is-better metric): above 1 is slower
     * @param earlier  the runs compared with, oldest first
     */
    public record Check(StepEntry step, Outcome outcome, EffectInterval slowdown, List<StoredStep> earlier,
                        String message) {
    }

    public List<Check> check(RunEntry run, HistoryStore store) {
        List<Check> checks = new ArrayList<>();
        for (StepEntry step : run.steps()) {
            checks.add(check(run.facts(), step, store.steps(run.facts().experiment(), step.step(), step.metric())));
        }
        return checks;
    }

    Check check(RunFacts facts, StepEntry step, List<StoredStep> recorded) {
        List<StoredStep> comparable = recorded.stream().filter(s -> !s.run().runKey().equals(facts.runKey()))
                .filter(s -> facts.started() == null || s.run().started() == null
                        || s.run().started().compareTo(facts.started()) < 0)
                .filter(s -> Objects.equals(s.run().workload(), facts.workload()))
                .filter(s -> acrossVersions || Objects.equals(s.run().postgresVersion(), facts.postgresVersion()))
                .toList();
        List<StoredStep> sameKey = acrossSettings ? comparable
                : comparable.stream().filter(s -> s.step().fingerprint().equals(step.fingerprint())).toList();
        List<String> same = new ArrayList<>();
        if (!acrossSettings) {
            same.add("settings (" + step.fingerprint().substring(0, 12) + ")");
        }
        same.add("workload");
        if (!acrossVersions) {
            same.add("PostgreSQL " + facts.postgresVersion());
        }
        String key = "same " + (same.size() == 1 ? same.get(0)
                : String.join(", ", same.subList(0, same.size() - 1)) + " and " + same.get(same.size() - 1))
                + (acrossSettings ? " (any settings)" : "");
        StoredStep current = new StoredStep(facts, step);
        List<StoredStep> earlier = segment.lastStable(sameKey);
        if (earlier.isEmpty()) {
            return new Check(step, Outcome.NO_HISTORY, null, earlier, step.step() + ": no earlier run with the " + key
                    + " in the history: nothing to compare" + otherSettings(comparable, current));
        }
        List<Double> reference = earlier.stream().flatMap(s -> s.step().numbers().stream()).toList();
        EffectInterval slowdown = lowerIsBetter ? EffectInterval.ratio("history", reference, step.numbers())
                : EffectInterval.slowdown("history", reference, step.numbers());
        Outcome outcome = !slowdown.present() ? Outcome.NOT_JUDGED
                : slowdown.lower() != null && slowdown.lower() > threshold ? Outcome.SLOWER
                : slowdown.lower() != null && slowdown.lower() > 1 ? Outcome.SLOWER_WITHIN_THRESHOLD
                : slowdown.upper() != null && slowdown.upper() < 1 ? Outcome.FASTER : Outcome.NO_CHANGE;
        StoredStep last = earlier.get(earlier.size() - 1);
        String against = String.format("%d earlier run(s) with the %s (%d repeats, %s … %s)", earlier.size(), key,
                reference.size(), day(earlier.get(0).run().started()), day(last.run().started()));
        String verdict = switch (outcome) {
            case SLOWER -> "SLOWER beyond its interval" + (threshold > 1 ? " and the threshold ×" + threshold : "");
            case FASTER -> "faster beyond its interval";
            case SLOWER_WITHIN_THRESHOLD -> "slower beyond its interval, but the interval reaches below the "
                    + "threshold ×" + threshold + ": passes";
            case NO_CHANGE -> "no change detected (the interval holds no change)";
            case NOT_JUDGED -> "not judged";
            case NO_HISTORY -> throw new IllegalStateException("handled above");
        };
        Calibration now = Calibration.parse(facts.calibration());
        Calibration then = Calibration.parse(last.run().calibration());
        String machine = "calibration: this run " + now.describe() + "; the last earlier run " + then.describe()
                + (now.against(then).isEmpty() ? "" : "; this run against that: " + now.against(then));
        List<String> differed = HistoryView.differed(last, current);
        return new Check(step, outcome, slowdown, earlier, step.step() + ": slowdown " + Figures.interval(slowdown)
                + " against " + against + ": " + verdict + "\n    " + machine
                + (differed.isEmpty() ? "" : "\n    differed from the last earlier run: " + String.join("; ", differed)));
    }

    /** Where only the settings keep earlier runs out: how many, what differs, and how to compare with them. */
    private static String otherSettings(List<StoredStep> comparable, StoredStep now) {
        if (comparable.isEmpty()) {
            return "";
        }
        List<String> differed = HistoryView.differed(comparable.get(comparable.size() - 1), now);
        return "; " + comparable.size() + " earlier run(s) of the step with other settings (against the last: "
                + String.join("; ", differed) + "): --across-settings compares with them";
    }

    private static String day(String instant) {
        return instant == null ? "?" : instant.length() >= 16 ? instant.substring(0, 16).replace('T', ' ') : instant;
    }
}
