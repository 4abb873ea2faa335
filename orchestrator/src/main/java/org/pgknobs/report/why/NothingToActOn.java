package org.pgknobs.report.why;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import org.pgknobs.collector.Rate;
import org.pgknobs.collector.WholeRun;
import org.pgknobs.collector.WindowStats;

/**
 * "max_wal_size 241MB: no checkpoint started or ran in either step (base and a7, …)": for each family of
 * {@link Mechanism#TABLE} with a changed setting, says what its counter shows when it was 0 over the whole of both
 * the step and the step it is compared with: the warm-up and every phase of every measured repeat (the collector's
 * whole run, {@link WholeRun}), and every measured window. A line that describes the counters, not one that rules an
 * effect out: a setting can act in ways no counter of the table sees (a large shared_buffers squeezes the OS page
 * cache with 0 evictions). Silent for a setting the table does not know, and whenever a counter is unknown on either
 * side: a repeat without the whole run (result directories of pgknobs before issue 45), a missing sample.
 */
public final class NothingToActOn {

    static final String RULE = "nothing-to-act-on";

    private NothingToActOn() {
    }

    /**
     * Both sides of the comparison: each step's name, its measured repeats' windows (every phase) and each measured
     * repeat's whole run (null for a repeat whose pgstats.json has none).
     */
    public record Sides(String step, List<WindowStats> stepWindows, List<WholeRun> stepWhole, String compared,
                        List<WindowStats> comparedWindows, List<WholeRun> comparedWhole) {

        public Sides {
            stepWindows = List.copyOf(stepWindows);
            comparedWindows = List.copyOf(comparedWindows);
            // a repeat without its whole run stays in the list as null: unknown, and the rule then says nothing
            stepWhole = java.util.Collections.unmodifiableList(new ArrayList<>(stepWhole));
            comparedWhole = java.util.Collections.unmodifiableList(new ArrayList<>(comparedWhole));
        }
    }

    /**
     * @param changed the settings whose values differ between the two steps: name → the step's value as shown
     */
    public static List<Inert> find(Sides sides, Map<String, String> changed) {
        if (sides.stepWhole().isEmpty() || sides.comparedWhole().isEmpty()) {
            return List.of();
        }
        Map<Mechanism, List<String>> byFamily = new LinkedHashMap<>();
        changed.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> Mechanism.of(e.getKey())
                .ifPresent(m -> byFamily.computeIfAbsent(m, k -> new ArrayList<>()).add(e.getKey() + " " + e.getValue())));
        List<Inert> out = new ArrayList<>();
        // in the table's order, so a step's lines read the same way in every report
        for (Mechanism m : Mechanism.TABLE) {
            List<String> settings = byFamily.get(m);
            if (settings != null && idle(m, sides.stepWindows(), sides.stepWhole())
                    && idle(m, sides.comparedWindows(), sides.comparedWhole())) {
                out.add(new Inert(m.family(), settings, m.idle(), sides.compared(), text(m, settings, sides),
                        figures(m)));
            }
        }
        return out;
    }

    private static List<String> figures(Mechanism m) {
        List<String> f = new ArrayList<>(m.figures());
        f.add("wholeRun");
        if (isCheckpoints(m)) {
            f.add("wholeRun.checkpointLsn");
            f.add("wholeRun.walSinceRedo");
        }
        return f;
    }

    /**
     * 0 in every window and over every repeat's whole run; false when any of them lacks the counter or the whole run
     * (unknown is not idle). For checkpoints also none completed across the whole run (the checkpoint record did not
     * move), which counts a checkpoint begun before the step and finished in it.
     */
    private static boolean idle(Mechanism m, List<WindowStats> windows, List<WholeRun> whole) {
        return whole.stream().allMatch(w -> w != null && zero(m, w.window())
                && (!isCheckpoints(m) || Boolean.FALSE.equals(w.checkpointCompleted())))
                && windows.stream().allMatch(w -> zero(m, w));
    }

    private static boolean zero(Mechanism m, WindowStats w) {
        Double v = m.counter().apply(w);
        return v != null && v == 0;
    }

    private static boolean isCheckpoints(Mechanism m) {
        return m.family().equals("checkpoints");
    }

    private static String text(Mechanism m, List<String> settings, Sides s) {
        String shows = isCheckpoints(m) ? "no checkpoint started or ran in either step"
                : "the counters show " + m.idle() + " in either step";
        List<String> notes = new ArrayList<>(List.of(String.format(Locale.ROOT,
                "%s and %s, warm-up and every phase of all %d + %d measured repeats", s.compared(), s.step(),
                s.comparedWhole().size(), s.stepWhole().size())));
        if (isCheckpoints(m)) {
            notes.add("0 started, none completed, 0 buffers written by the checkpointer");
            walContext(s).ifPresent(notes::add);
        }
        return String.join(", ", settings) + ": " + shows + " (" + String.join("; ", notes) + ")";
    }

    /**
     * "WAL per step at most 202 MB, at most 150 MB since the last redo point": how far the WAL stayed from what
     * would request a checkpoint (max_wal_size).
     */
    private static Optional<String> walContext(Sides s) {
        List<WholeRun> all = Stream.concat(s.stepWhole().stream(), s.comparedWhole().stream()).toList();
        Optional<Double> wal = all.stream().map(w -> w.window().derived() == null ? null
                : w.window().derived().wal().bytes()).filter(Objects::nonNull).map(Rate::total).max(Double::compare);
        Optional<Double> sinceRedo = all.stream().flatMap(w -> Stream.of(w.start(), w.end())).filter(Objects::nonNull)
                .map(WholeRun.Redo::walSinceRedo).max(Double::compare);
        List<String> parts = new ArrayList<>();
        wal.ifPresent(b -> parts.add("WAL per step at most " + Numbers.brief(b / 1e6) + " MB"));
        sinceRedo.ifPresent(b -> parts.add("at most " + Numbers.brief(b / 1e6) + " MB since the last redo point"));
        return parts.isEmpty() ? Optional.empty() : Optional.of(String.join(", ", parts));
    }
}
