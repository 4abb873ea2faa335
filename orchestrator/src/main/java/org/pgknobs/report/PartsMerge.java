package org.pgknobs.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.pgknobs.BadInputException;
import org.pgknobs.experiment.plan.ExperimentPlan;
import org.pgknobs.experiment.plan.PlannedRun;
import org.pgknobs.results.RunTags;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.SuiteRecord;

/**
 * Puts the parts of one larger run back together from the tags in their suite.json: directories of
 * different PostgreSQL majors side by side, and the shards of one experiment merged into one table
 * with per-host ratios. Reads only what {@link ResultDirReader} read from disk.
 */
final class PartsMerge {

    private PartsMerge() {
    }

    private static RunTags tags(RunData run) {
        return run.suite().map(SuiteRecord::tagsOrNone).orElse(new RunTags(null, null, null));
    }

    /** Null unless the directories hold at least two majors. */
    static ReportData.VersionTable versions(List<RunData> runs, List<ReportData.Run> built, Optional<Integer> reference) {
        Map<Integer, List<Integer>> byMajor = new TreeMap<>();
        for (int i = 0; i < runs.size(); i++) {
            Integer major = tags(runs.get(i)).pgMajor();
            if (major != null) {
                byMajor.computeIfAbsent(major, k -> new ArrayList<>()).add(i);
            }
        }
        if (byMajor.size() < 2) {
            return null;
        }
        List<Integer> versions = List.copyOf(byMajor.keySet());
        int ref = reference.orElse(versions.get(versions.size() - 1));
        if (!byMajor.containsKey(ref)) {
            throw new BadInputException("--reference-version " + ref + ": the directories hold versions " + versions);
        }
        List<ReportData.VersionRow> rows = new ArrayList<>();
        for (String step : stepNames(runs, byMajor.values().stream().flatMap(List::stream).toList())) {
            Map<Integer, ReportData.VersionCell> cells = new LinkedHashMap<>();
            for (int v : versions) {
                cells.put(v, cell(runs, built, byMajor.get(v), step));
            }
            Double refValue = cells.get(ref).throughput();
            List<Double> refValues = values(runs, built, byMajor.get(ref), step);
            List<ReportData.VersionCell> row = new ArrayList<>();
            cells.forEach((v, c) -> {
                EffectInterval interval = v == ref || c.throughput() == null || refValue == null ? null
                        : EffectInterval.ratio("PostgreSQL " + ref, refValues, values(runs, built, byMajor.get(v), step));
                // one point estimate per comparison: the interval's (ratio of geometric means), where there is one
                row.add(new ReportData.VersionCell(c.status(), c.throughput(), estimate(interval,
                        ratio(c.throughput(), refValue)), c.reason(), interval));
            });
            rows.add(new ReportData.VersionRow(step, row));
        }
        return new ReportData.VersionTable(versions, ref, rows);
    }

    private static ReportData.VersionCell cell(List<RunData> runs, List<ReportData.Run> built, List<Integer> parts, String step) {
        List<Double> values = values(runs, built, parts, step);
        if (!values.isEmpty()) {
            return new ReportData.VersionCell(StepStatus.DONE.json(), Stat.of(values).median(), null, null, null);
        }
        Optional<StepRun> any = parts.stream().flatMap(i -> steps(runs.get(i), step).stream()).findFirst();
        return new ReportData.VersionCell(any.map(s -> s.status().json()).orElse("not run"), null, null,
                any.map(StepRun::reason).orElse(null), null);
    }

    /** The step's headline throughput over every repeat in the given directories. */
    private static List<Double> values(List<RunData> runs, List<ReportData.Run> built, List<Integer> parts, String step) {
        List<Double> values = new ArrayList<>();
        parts.forEach(i -> values.addAll(Repeats.headlineValues(steps(runs.get(i), step), built.get(i).setup().headlinePhase())));
        return values;
    }

    /** One table per experiment and version whose directories are shards. */
    static List<ReportData.ShardTable> shards(List<RunData> runs, List<ReportData.Run> built) {
        Map<List<Object>, List<Integer>> groups = new LinkedHashMap<>();
        for (int i = 0; i < runs.size(); i++) {
            RunTags t = tags(runs.get(i));
            if (t.shard() != null) {
                groups.computeIfAbsent(java.util.Arrays.asList(built.get(i).experiment(), t.pgMajor()),
                        k -> new ArrayList<>()).add(i);
            }
        }
        List<ReportData.ShardTable> out = new ArrayList<>();
        groups.forEach((key, parts) -> out.add(shardTable(runs, built, (String) key.get(0), (Integer) key.get(1), parts)));
        return out;
    }

    private static ReportData.ShardTable shardTable(List<RunData> runs, List<ReportData.Run> built, String experiment,
                                                    Integer major, List<Integer> parts) {
        List<Integer> ordered = parts.stream().sorted(Comparator.comparing((Integer i) -> shardIndex(runs.get(i)))
                .thenComparing(i -> runs.get(i).dir().toString())).toList();
        String base = built.get(ordered.get(0)).baseline();
        List<String> hosts = ordered.stream().map(i -> tags(runs.get(i)).shard() + " " + tags(runs.get(i)).host()).toList();
        List<Double> hostBase = ordered.stream().map(i -> median(Repeats.headlineValues(
                steps(runs.get(i), base), built.get(i).setup().headlinePhase()))).toList();
        // every base run ÷ its own host's base: the reference side of each row's interval, host effects removed
        List<Double> baseNormalised = new ArrayList<>();
        for (int h = 0; h < ordered.size(); h++) {
            Double hb = hostBase.get(h);
            int i = ordered.get(h);
            Repeats.headlineValues(steps(runs.get(i), base), built.get(i).setup().headlinePhase()).stream()
                    .map(v -> ratio(v, hb)).filter(Objects::nonNull).forEach(baseNormalised::add);
        }
        List<ReportData.ShardRow> rows = new ArrayList<>();
        for (String step : stepNames(runs, ordered)) {
            boolean isBase = step.equals(base);
            List<Double> perHost = new ArrayList<>();
            List<Double> all = new ArrayList<>();
            for (int h = 0; h < ordered.size(); h++) {
                int i = ordered.get(h);
                List<Double> values = Repeats.headlineValues(steps(runs.get(i), step), built.get(i).setup().headlinePhase());
                Double hb = hostBase.get(h);
                List<Double> shown = isBase ? values : values.stream().map(v -> ratio(v, hb)).filter(Objects::nonNull).toList();
                all.addAll(shown);
                perHost.add(median(shown));
            }
            List<Double> present = perHost.stream().filter(Objects::nonNull).toList();
            Double spread = present.size() < 2 ? null
                    : present.stream().mapToDouble(d -> d).max().getAsDouble() - present.stream().mapToDouble(d -> d).min().getAsDouble();
            EffectInterval interval = isBase || all.isEmpty() ? null : EffectInterval.ratio(base, baseNormalised, all);
            rows.add(new ReportData.ShardRow(step, isBase, perHost, isBase ? median(all) : estimate(interval,
                    median(all)), spread, interval));
        }
        List<Double> bases = hostBase.stream().filter(Objects::nonNull).toList();
        Double baseSpread = bases.size() < 2 || median(bases) == 0 ? null
                : (bases.stream().mapToDouble(d -> d).max().getAsDouble() - bases.stream().mapToDouble(d -> d).min().getAsDouble())
                        / median(bases);
        Map<String, Integer> held = new HashMap<>();
        for (int i : ordered) {
            int repeats = runs.get(i).experiment().map(e -> e.measurement().repeats()).orElse(1);
            runs.get(i).steps().stream().filter(s -> s.status().isFinal())
                    .forEach(s -> held.merge(s.name() + (repeats > 1 ? " r" + s.repeat() : ""), 1, Integer::sum));
        }
        List<String> missing = runs.get(ordered.get(0)).experiment().map(e -> ExperimentPlan.of(e).runs().stream()
                .map(PlannedRun::label).filter(l -> !held.containsKey(l)).toList()).orElse(List.of());
        List<String> duplicated = held.entrySet().stream().filter(e -> e.getValue() > 1)
                .filter(e -> !e.getKey().equals(base) && !e.getKey().startsWith(base + " r"))
                .map(Map.Entry::getKey).sorted().toList();
        return new ReportData.ShardTable(experiment, major, hosts, baseSpread, rows, missing, duplicated);
    }

    private static int shardIndex(RunData run) {
        String shard = tags(run).shard();
        return Integer.parseInt(shard.substring(0, shard.indexOf('/')));
    }

    private static List<StepRun> steps(RunData run, String name) {
        return run.steps().stream().filter(s -> s.name().equals(name)).toList();
    }

    /** Step names in plan order (by step number) over the given directories. */
    private static List<String> stepNames(List<RunData> runs, List<Integer> parts) {
        Map<String, Integer> index = new LinkedHashMap<>();
        parts.forEach(i -> runs.get(i).steps().forEach(s -> index.merge(s.name(), s.index(), Math::min)));
        Set<String> out = new LinkedHashSet<>();
        index.entrySet().stream().sorted(Map.Entry.comparingByValue()).forEach(e -> out.add(e.getKey()));
        return List.copyOf(out);
    }

    private static Double median(List<Double> values) {
        Stat s = Stat.of(values);
        return s == null ? null : s.median();
    }

    /** The estimate an interval is built around (ratio of geometric means); {@code otherwise} without one. */
    private static Double estimate(EffectInterval interval, Double otherwise) {
        return interval != null && interval.ratio() != null ? interval.ratio() : otherwise;
    }

    private static Double ratio(Double value, Double base) {
        return value == null || base == null || base == 0 ? null : value / base;
    }
}
