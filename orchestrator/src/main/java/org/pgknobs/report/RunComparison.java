package org.pgknobs.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code pgknobs report DIR1 DIR2 …}: each step across runs against the first run, with its interval from both runs'
 * repeats (Welch on the logs) and the ratio of geometric means it is built around. The runs were not interleaved:
 * the same experiment an hour later can differ by what the machine did in between. So a cell is marked only with a
 * term for that time — both runs' bracketed drift: the interval must clear the product of the two runs' drift bands
 * ({@link Drift#band()}), and Holm's step-down over the run's steps — and not at all where either run was not
 * bracketed (the tables say the runs were not interleaved).
 */
public final class RunComparison {

    private RunComparison() {
    }

    /** The drift term between the first run and {@code other}: the product of their bands; null without a bracket. */
    static Double term(ReportData.Run first, ReportData.Run other) {
        return first.drift() == null || other.drift() == null ? null : first.driftBand() * other.driftBand();
    }

    static List<ReportData.ComparisonRow> rows(List<RunData> data, List<ReportData.Run> runs) {
        Set<String> names = new LinkedHashSet<>();
        runs.forEach(r -> r.steps().forEach(s -> names.add(s.name())));
        List<List<EffectInterval>> intervals = new ArrayList<>();
        List<List<Double>> throughputs = new ArrayList<>();
        for (String name : names) {
            throughputs.add(runs.stream().map(r -> r.steps().stream().filter(s -> s.name().equals(name))
                    .findFirst().map(s -> s.effect().throughput()).map(Stat::median).orElse(null)).toList());
            List<List<Double>> repeats = data.stream().map(d -> repeats(d, name)).toList();
            List<EffectInterval> row = new ArrayList<>();
            for (int i = 0; i < runs.size(); i++) {
                row.add(i == 0 || repeats.get(0).isEmpty() || repeats.get(i).isEmpty() ? null
                        : runsNamed(EffectInterval.ratio(runs.get(0).label(), repeats.get(0), repeats.get(i))));
            }
            intervals.add(row);
        }
        // per compared run, one Holm family over its steps, each clear of both runs' drift; none without a bracket
        List<List<Mark>> marks = new ArrayList<>();
        names.forEach(n -> marks.add(new ArrayList<>(java.util.Collections.nCopies(runs.size(), (Mark) null))));
        for (int i = 1; i < runs.size(); i++) {
            int column = i;
            Double term = term(runs.get(0), runs.get(i));
            List<EffectInterval> family = intervals.stream().map(r -> r.get(column)).toList();
            List<Mark> decided = term == null ? java.util.Collections.nCopies(family.size(), Mark.NONE)
                    : PageMarks.of(family, java.util.Collections.nCopies(family.size(), term), PageMarks.Procedure.HOLM);
            for (int k = 0; k < family.size(); k++) {
                marks.get(k).set(i, decided.get(k));
            }
        }
        List<ReportData.ComparisonRow> rows = new ArrayList<>();
        int k = 0;
        for (String name : names) {
            List<Double> values = throughputs.get(k);
            Double first = values.get(0);
            List<Double> ratios = new ArrayList<>();
            for (int i = 0; i < values.size(); i++) {
                EffectInterval interval = intervals.get(k).get(i);
                Double v = values.get(i);
                // one point estimate: the interval's, where there is one
                ratios.add(interval != null && interval.ratio() != null ? interval.ratio()
                        : v == null || first == null || first == 0 ? null : v / first);
            }
            rows.add(new ReportData.ComparisonRow(name, values, ratios, intervals.get(k), marks.get(k)));
            k++;
        }
        return rows;
    }

    /** The sentence under the runs side by side: what term the marks allowed for, or why there are none. */
    public static String note(ReportData data) {
        boolean bracketed = data.runs().stream().allMatch(r -> r.drift() != null);
        return bracketed ? "The runs were not interleaved: a cell is marked only where its interval clears both runs'"
                + " bracketed drift (the product of their bands) and Holm's step-down at 5 % over the run's steps keeps it."
                : "The runs were not interleaved, and not every run was bracketed: nothing measures how the machine moved"
                + " between them, so no cell is marked (run both with a bracketed base to compare them).";
    }

    /** The no-interval reason in this table's words: the reference is the first run, not a base step. */
    private static EffectInterval runsNamed(EffectInterval i) {
        return i.present() ? i : new EffectInterval(i.against(), i.method(), i.n(), i.referenceN(), i.ratio(), i.lower(),
                i.upper(), i.confidence(), i.pValue(), i.noInterval().replace("of the base", "of the step in the first run")
                        .replace("of the step:", "of the step in this run:"), i.repeatsNeeded());
    }

    /** A step's headline throughput per done repeat in one run (its own headline phase). */
    private static List<Double> repeats(RunData data, String step) {
        String headline = data.steps().stream().filter(StepRun::measured).findFirst()
                .map(s -> s.result().workload().headlinePhase()).orElse(null);
        return headline == null ? List.of()
                : Repeats.headlineValues(data.steps().stream().filter(s -> s.name().equals(step)).toList(), headline);
    }
}
