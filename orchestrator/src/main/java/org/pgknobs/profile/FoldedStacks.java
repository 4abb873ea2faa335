package org.pgknobs.profile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.pgknobs.json.AtomicFiles;
import org.pgknobs.results.ProfileSummary;

/**
 * Stacks in Brendan Gregg's folded form, {@code comm;root;...;leaf count} (the input of flamegraph.pl and
 * speedscope), most samples first. The first frame is the process name, not a function: shares leave it out.
 */
public record FoldedStacks(Map<String, Long> counts) {

    public static final String FILE = "profile.folded";

    public FoldedStacks {
        Map<String, Long> sorted = new LinkedHashMap<>();
        counts.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .forEach(e -> sorted.put(e.getKey(), e.getValue()));
        counts = java.util.Collections.unmodifiableMap(sorted);
    }

    public long samples() {
        return counts.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Each function's share of the samples in which it is the leaf (where the CPU was), 0..1. */
    public Map<String, Double> selfShares() {
        Map<String, Long> self = new HashMap<>();
        counts.forEach((stack, n) -> {
            List<String> f = functions(stack);
            if (!f.isEmpty()) {
                self.merge(f.get(f.size() - 1), n, Long::sum);
            }
        });
        return shares(self);
    }

    /** Each function's share of the samples whose stack holds it at least once (itself and its callees), 0..1. */
    public Map<String, Double> totalShares() {
        Map<String, Long> total = new HashMap<>();
        counts.forEach((stack, n) -> {
            Set<String> once = new HashSet<>(functions(stack));
            once.forEach(fn -> total.merge(fn, n, Long::sum));
        });
        return shares(total);
    }

    /** How many functions profile.json lists by self and by total share. */
    static final int TOP = 20;

    /** The top functions of {@code shares} (self or total), as profile.json lists them: percent, one decimal. */
    public static List<ProfileSummary.FunctionShare> topShares(Map<String, Double> shares) {
        return top(shares, TOP).stream()
                .map(e -> new ProfileSummary.FunctionShare(e.getKey(), Math.round(e.getValue() * 1000) / 10.0)).toList();
    }

    /** The {@code n} largest shares, largest first. */
    public static List<Map.Entry<String, Double>> top(Map<String, Double> shares, int n) {
        return shares.entrySet().stream()
                .sorted(Map.Entry.<String, Double>comparingByValue(Comparator.reverseOrder())
                        .thenComparing(Map.Entry.comparingByKey()))
                .limit(n).toList();
    }

    private Map<String, Double> shares(Map<String, Long> byFunction) {
        double all = samples();
        Map<String, Double> out = new HashMap<>();
        if (all > 0) {
            byFunction.forEach((fn, n) -> out.put(fn, n / all));
        }
        return out;
    }

    private static List<String> functions(String stack) {
        List<String> frames = Arrays.asList(stack.split(";"));
        return frames.subList(1, frames.size());
    }

    public String text() {
        StringBuilder b = new StringBuilder();
        counts.forEach((stack, n) -> b.append(stack).append(' ').append(n).append('\n'));
        return b.toString();
    }

    /** Reads folded text; a line without a count is a broken file, said with its line number. */
    public static FoldedStacks parse(String text) {
        Map<String, Long> counts = new HashMap<>();
        String[] lines = text.split("\n");
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty()) {
                continue;
            }
            int space = line.lastIndexOf(' ');
            try {
                counts.merge(line.substring(0, space), Long.parseLong(line.substring(space + 1)), Long::sum);
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("line " + (i + 1) + " is not 'frame;frame;... count': " + line, e);
            }
        }
        return new FoldedStacks(counts);
    }

    /** The step directory's profile.folded, when there is one. */
    public static Optional<FoldedStacks> read(Path stepDir) {
        Path file = stepDir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(parse(Files.readString(file)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    public void write(Path stepDir) {
        AtomicFiles.writeText(stepDir.resolve(FILE), text());
    }
}
