package org.pgknobs.ablation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.pgknobs.experiment.AblationSpec;
import org.pgknobs.results.CulpritCandidate;
import org.pgknobs.results.CulpritSearchResult;

/**
 * The smallest set of units, then of single settings inside the chosen units, that still reproduces at
 * least {@code threshold} of the full slowdown on the log scale: share(C) = (ln T(base) − ln T(C)) / S ≥
 * threshold, where C runs the base with only C's settings from the full set. Every candidate is measured
 * (through {@link Measure}), never predicted; the same set is measured once. A candidate that could not be
 * measured (PostgreSQL refused its settings, the run failed) does not reproduce, and the search goes on.
 * <ul>
 * <li>ddmin: Zeller and Hildebrandt's delta debugging — try halves (then finer parts) alone, then their
 * complements; the result is 1-minimal: no single element can be dropped.</li>
 * <li>greedy: backward elimination — drop each element in turn (least important first, as given) when the
 * rest still reproduces; passes repeat until one drops nothing, so the result is 1-minimal too.</li>
 * </ul>
 */
public final class CulpritSearch {

    /** Runs the base plus these full-set settings and gives ln T, or why it could not. */
    public interface Measure {
        Trial measure(Set<String> settings);
    }

    /** A measurement: {@code log} present, or {@code failure} (PostgreSQL's message, the run's reason). */
    public record Trial(Optional<Double> log, String failure, String run) {
        public static Trial of(double log, String run) {
            return new Trial(Optional.of(log), null, run);
        }

        public static Trial failed(String why, String run) {
            return new Trial(Optional.empty(), why, run);
        }
    }

    private final AblationSpec.Search algorithm;
    private final double threshold;
    private final double logBase;
    private final double slowdown;
    private final Measure measure;
    private final Map<Set<String>, CulpritCandidate> tried = new LinkedHashMap<>();
    private final Map<Set<String>, Trial> known = new LinkedHashMap<>();
    private java.util.function.Consumer<List<CulpritCandidate>> listener = c -> { };
    private String level;
    private Map<String, List<String>> settingsOf;

    /**
     * @param logBase / logFull means of ln T of the base and full runs (Effects)
     */
    public CulpritSearch(AblationSpec.Search algorithm, double threshold, double logBase, double logFull, Measure measure) {
        if (algorithm == AblationSpec.Search.OFF) {
            throw new IllegalArgumentException("no search to run");
        }
        this.algorithm = algorithm;
        this.threshold = threshold;
        this.logBase = logBase;
        this.slowdown = logBase - logFull;
        this.measure = measure;
    }

    /**
     * A set measured already (an only-U or without-U run: the mean of its repeats' ln T): the search uses it
     * instead of measuring the same set again.
     */
    public CulpritSearch know(Set<String> settings, Trial trial) {
        known.put(new TreeSet<>(settings), trial);
        return this;
    }

    /** Called with every candidate so far after each new one (the runner rewrites ablation.json). */
    public CulpritSearch onCandidate(java.util.function.Consumer<List<CulpritCandidate>> newListener) {
        this.listener = newListener;
        return this;
    }

    /**
     * @param units unit → its settings, in the order greedy drops them (least important first)
     */
    public CulpritSearchResult run(Map<String, List<String>> units) {
        String name = algorithm.name().toLowerCase(java.util.Locale.ROOT);
        List<String> all = new ArrayList<>(units.keySet());
        List<String> allSettings = units.values().stream().flatMap(List::stream).toList();
        if (slowdown <= 0) {
            return new CulpritSearchResult(name, threshold, all, allSettings, List.of(),
                    "the full set is not slower than the base: nothing to explain");
        }
        level = "units";
        settingsOf = units;
        List<String> chosen = search(all);
        List<String> settings = chosen.stream().flatMap(u -> units.get(u).stream()).toList();
        if (settings.size() > chosen.size()) {
            level = "settings";
            Map<String, List<String>> singles = new LinkedHashMap<>();
            settings.forEach(s -> singles.put(s, List.of(s)));
            settingsOf = singles;
            settings = search(settings);
        }
        return new CulpritSearchResult(name, threshold, chosen, settings, List.copyOf(tried.values()), null);
    }

    private List<String> search(List<String> elements) {
        return algorithm == AblationSpec.Search.DDMIN ? ddmin(elements) : greedy(elements);
    }

    private List<String> ddmin(List<String> start) {
        List<String> c = start;
        int n = 2;
        while (c.size() >= 2) {
            n = Math.min(n, c.size());
            List<List<String>> parts = split(c, n);
            List<String> next = null;
            for (List<String> part : parts) {
                if (reproduces(part)) {
                    next = part;
                    n = 2;
                    break;
                }
            }
            if (next == null && n > 2) {
                for (List<String> part : parts) {
                    List<String> complement = new ArrayList<>(c);
                    complement.removeAll(part);
                    if (reproduces(complement)) {
                        next = complement;
                        n = Math.max(n - 1, 2);
                        break;
                    }
                }
            }
            if (next != null) {
                c = next;
            } else if (n >= c.size()) {
                break;
            } else {
                n = Math.min(c.size(), 2 * n);
            }
        }
        return c;
    }

    private List<String> greedy(List<String> start) {
        List<String> current = new ArrayList<>(start);
        boolean dropped = true;
        while (dropped && current.size() > 1) {
            dropped = false;
            for (String e : List.copyOf(current)) {
                List<String> without = new ArrayList<>(current);
                without.remove(e);
                if (!without.isEmpty() && reproduces(without)) {
                    current = without;
                    dropped = true;
                }
            }
        }
        return current;
    }

    /** n nearly equal consecutive parts. */
    static List<List<String>> split(List<String> c, int n) {
        List<List<String>> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < n; i++) {
            int end = start + (c.size() - start) / (n - i);
            out.add(List.copyOf(c.subList(start, end)));
            start = end;
        }
        return out;
    }

    private boolean reproduces(List<String> elements) {
        Set<String> settings = new LinkedHashSet<>();
        elements.forEach(e -> settings.addAll(settingsOf.get(e)));
        Set<String> key = new TreeSet<>(settings);
        CulpritCandidate seen = tried.get(key);
        if (seen != null) {
            return seen.reproduces();
        }
        Trial t = known.containsKey(key) ? known.get(key) : measure.measure(settings);
        Double share = t.log().map(l -> (logBase - l) / slowdown).orElse(null);
        CulpritCandidate c = new CulpritCandidate(tried.size() + 1, level, List.copyOf(elements), List.copyOf(settings), t.run(),
                t.log().orElse(null), share, share != null && share >= threshold, t.failure());
        tried.put(key, c);
        listener.accept(List.copyOf(tried.values()));
        return c.reproduces();
    }
}
