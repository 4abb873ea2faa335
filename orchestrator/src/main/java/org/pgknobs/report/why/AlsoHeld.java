package org.pgknobs.report.why;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * "also held in base (folded): relation-level SIREAD locks on district and warehouse; CPU-bound": the describing lines
 * whose rule fired for the compared step too ({@link Reason#unchanged()}), named once in one line. The reports fold
 * those lines; this one keeps the step's why-section from being empty (its why-anchor then has a line to sit on) and
 * says that what they describe did not tell the two steps apart.
 */
final class AlsoHeld {

    static final String RULE = "also-held";

    private static final Map<String, String> LABELS = Map.ofEntries(Map.entry("cpu-bound", "CPU-bound"),
            Map.entry("checkpoint-pressure", "frequent checkpoints"), Map.entry("autovacuum-churn", "autovacuum churn"),
            Map.entry("autovacuum-workers", "autovacuum workers busy on a table"),
            Map.entry("os-page-cache-reads", "reads from the OS page cache"), Map.entry("fsync-cost", "fsync probe"),
            Map.entry("not-steady", "a window that was not steady"), Map.entry("regime-bimodal", "repeats in two regimes"));
    private static final Pattern RELATION_LOCKED = Pattern.compile("(relation-level SIREAD locks on .+?) in \\d");
    private static final Pattern SQLSTATE = Pattern.compile("failed with (\\w{5})");
    private static final Pattern WAIT = Pattern.compile("waited on (\\S+)");

    private AlsoHeld() {
    }

    static Optional<Reason> of(List<Reason> lines) {
        List<Reason> folded = lines.stream().filter(Reason::unchanged).toList();
        if (folded.isEmpty()) {
            return Optional.empty();
        }
        Set<String> labels = new LinkedHashSet<>();
        folded.forEach(r -> labels.add(label(r)));
        // what it read: the folded lines themselves (report.json keeps each with its own figures)
        List<String> figures = folded.stream().map(r -> "why." + r.rule()).distinct().toList();
        return Optional.of(new Reason(RULE, "also held in " + folded.get(0).asIn() + " (lines folded): "
                + String.join("; ", labels), figures, Reason.DESCRIBES, null));
    }

    /** A few words for the line: the regime's tables, the SQLSTATE, the wait event, or the rule's label. */
    static String label(Reason r) {
        Matcher m;
        if (r.rule().equals("serialization-regime")) {
            m = RELATION_LOCKED.matcher(r.text());
            return m.find() ? m.group(1) : "tuple-level SIREAD locks";
        }
        if (r.rule().equals("failed-with-sqlstate") && (m = SQLSTATE.matcher(r.text())).find()) {
            return "failures with " + m.group(1);
        }
        if (r.rule().equals("dominant-wait") && (m = WAIT.matcher(r.text())).find()) {
            return "waits on " + m.group(1);
        }
        return LABELS.getOrDefault(r.rule(), r.rule().replace('-', ' '));
    }
}
