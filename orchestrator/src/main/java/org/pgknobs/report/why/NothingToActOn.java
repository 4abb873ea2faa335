package org.pgknobs.report.why;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.pgknobs.collector.Rate;
import org.pgknobs.collector.WindowStats;

/**
 * "max_wal_size 241MB had nothing to act on: 0 checkpoints in base and a7": for each family of {@link Mechanism#TABLE}
 * with a changed setting, names it when the family's counter was 0 in every measured window of both the step
 * and the step it is compared with. An effect measured for such a setting can only be the machine, the order or
 * the noise. Silent for a setting the table does not know, and when either side lacks the counter.
 */
public final class NothingToActOn {

    static final String RULE = "nothing-to-act-on";

    private NothingToActOn() {
    }

    /**
     * Both sides of the comparison: each step's name and its measured repeats' headline windows.
     */
    public record Sides(String step, List<WindowStats> stepWindows, String compared, List<WindowStats> comparedWindows) {

        public Sides {
            stepWindows = List.copyOf(stepWindows);
            comparedWindows = List.copyOf(comparedWindows);
        }
    }

    /**
     * @param changed the settings whose values differ between the two steps: name → the step's value as shown
     */
    public static List<Inert> find(Sides sides, Map<String, String> changed) {
        if (sides.stepWindows().isEmpty() || sides.comparedWindows().isEmpty()) {
            return List.of();
        }
        Map<Mechanism, List<String>> byFamily = new LinkedHashMap<>();
        changed.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> Mechanism.of(e.getKey())
                .ifPresent(m -> byFamily.computeIfAbsent(m, k -> new ArrayList<>()).add(e.getKey() + " " + e.getValue())));
        List<Inert> out = new ArrayList<>();
        // in the table's order, so a step's lines read the same way in every report
        for (Mechanism m : Mechanism.TABLE) {
            List<String> settings = byFamily.get(m);
            if (settings != null && idle(m, sides.stepWindows()) && idle(m, sides.comparedWindows())) {
                out.add(new Inert(m.family(), settings, m.idle(), sides.compared(), text(m, settings, sides),
                        m.figures()));
            }
        }
        return out;
    }

    /** 0 in every window; false when any window lacks the counter (unknown is not idle). */
    private static boolean idle(Mechanism m, List<WindowStats> windows) {
        return windows.stream().map(m.counter()).allMatch(v -> v != null && v == 0);
    }

    private static String text(Mechanism m, List<String> settings, Sides s) {
        int n = s.stepWindows().size();
        int k = s.comparedWindows().size();
        List<String> notes = new ArrayList<>();
        if (n > 1 || k > 1) {
            notes.add(String.format(Locale.ROOT, "all %d + %d measured windows", k, n));
        }
        if (m.family().equals("checkpoints")) {
            walContext(s).ifPresent(notes::add);
        }
        return String.join(", ", settings) + " had nothing to act on: " + m.idle() + " in " + s.compared() + " and "
                + s.step() + (notes.isEmpty() ? "" : " (" + String.join("; ", notes) + ")");
    }

    /** "WAL per window at most 202 MB": how far the WAL stayed from what would start a checkpoint. */
    private static Optional<String> walContext(Sides s) {
        return java.util.stream.Stream.concat(s.stepWindows().stream(), s.comparedWindows().stream())
                .map(w -> w.derived() == null ? null : w.derived().wal().bytes()).filter(Objects::nonNull)
                .map(Rate::total).max(Double::compare)
                .map(b -> "WAL per window at most " + Numbers.brief(b / 1e6) + " MB");
    }
}
