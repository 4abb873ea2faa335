package org.pgknobs.run;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.pgknobs.bisect.BisectResult;
import org.pgknobs.bisect.BisectRules;
import org.pgknobs.bisect.Probe;
import org.pgknobs.bisect.RunOutcome;
import org.pgknobs.results.StepResult;
import org.pgknobs.results.StepStatus;

/**
 * A bisection over one setting's values run inside a suite ({@code pgknobs bisect --setting}): the experiment's steps
 * are the candidates in order, none of them runs in the fixed order, and {@link BisectPhase} runs each as the search
 * asks (docs/versions.md, "Bisection").
 *
 * @param step    the step of the user's file the candidates vary
 * @param setting the setting's name
 * @param rules   repeats and the drop
 * @param onProbe told of each candidate as it is decided (the printed path)
 * @param onEnd   told of the answer
 */
public record SettingSearch(String step, String setting, BisectRules rules, Consumer<Probe> onProbe,
                            Consumer<BisectResult> onEnd) {

    /**
     * SQLSTATE classes that say the server could not do the work, not that a transaction lost a race: XX internal
     * error ("no unpinned buffers available"), 53 insufficient resources (out of memory, too many connections, disk
     * full), 58 system error, 57 operator intervention (a crash's terminated sessions), 08 connection exception. 40
     * (serialization failures, deadlocks), 23, 22 and the driver's intended rollbacks are the workload's own.
     */
    private static final List<String> SERVER_FAILURE_CLASSES = List.of("XX", "53", "58", "57", "08");

    /**
     * A run that measured its headline phase without a server failure ran; anything else failed, with why: a step
     * that failed or was rejected, no figure, or a headline phase whose requests met an error of
     * {@link #SERVER_FAILURE_CLASSES} (PostgreSQL Error Codes, appendix A of its manual) — a run that
     * completed some transactions while the server refused others is a failing run, not a slower one. The one reading
     * of a run for every bisection, a setting's or a release's.
     */
    public static RunOutcome outcome(StepResult result) {
        Double throughput = BracketSchedule.throughput(result);
        if (result.status() != StepStatus.DONE || throughput == null || !(throughput > 0)) {
            return new RunOutcome.Failed(result.status().json() + (result.reason() == null ? "" : ": " + result.reason()));
        }
        Map<String, Object> details = result.workload().headline().details();
        if (details != null && details.get("errors_by_sqlstate") instanceof Map<?, ?> errors) {
            Map<String, Long> refused = new TreeMap<>();
            errors.forEach((state, count) -> {
                if (count instanceof Number n && n.longValue() > 0 && String.valueOf(state).length() >= 2
                        && SERVER_FAILURE_CLASSES.contains(String.valueOf(state).substring(0, 2))) {
                    refused.put(String.valueOf(state), n.longValue());
                }
            });
            if (!refused.isEmpty()) {
                return new RunOutcome.Failed("the server refused requests: " + refused.entrySet().stream()
                        .map(e -> e.getKey() + " ×" + e.getValue()).collect(Collectors.joining(", "))
                        + (details.get("last_error") == null ? "" : ", e.g. " + firstLine(details.get("last_error"))));
            }
        }
        return new RunOutcome.Ran(throughput);
    }

    /**
     * An error's first line, from PostgreSQL's "ERROR:" on where it holds one (pgjdbc puts a failed batch's whole
     * statement before it, and "Call getNextException ..." after it), at most 160 characters.
     */
    static String firstLine(Object error) {
        String line = error.toString().lines().findFirst().orElse("");
        int at = line.indexOf("ERROR:");
        if (at > 0) {
            int end = line.indexOf("  ", at);
            line = line.substring(at, end < 0 ? line.length() : end);
        }
        return line.length() <= 160 ? line : line.substring(0, 159) + "…";
    }
}
