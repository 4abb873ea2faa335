package org.pgknobs.report.why;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.pgknobs.report.captures.StepCaptures;
import org.pgknobs.report.statements.StatementTable;
import org.pgknobs.report.statements.StatementTables;

/**
 * "statement `select … from stock …` mean ×3.4 against wal (0.12 → 0.41 ms; 2 and 2 repeats, Welch p 0.004),
 * 38 % of server time": among the statements with at least {@value #MIN_SHARE} of the step's server time (its
 * median repeat's statements.json), the largest whose mean execution time, pooled over each step's measured
 * repeats, moved by a factor of {@value #MIN_FACTOR} or more either way; where both steps have two repeats or
 * more, over at least {@value #MIN_CALLS_TESTED} calls a side and Welch's t-test on the logs of the per-repeat means
 * must reject "no change" at {@value ShiftTests#FAMILY_ALPHA} ÷ the statements examined (Bonferroni). With one
 * repeat on a side there is no spread to test: it needs {@value #MIN_CALLS} calls a side, and the sentence says so. Silent when either step has no
 * statements.json, no statement qualifies, or the step's throughput interval holds 1.
 */
public final class StatementMeanChange implements WhyRule {

    static final double MIN_SHARE = 0.10;
    static final double MIN_FACTOR = 2.0;
    /** Calls a side when there is one repeat on a side: the call count is then the only guard. */
    static final long MIN_CALLS = 20;
    /** Calls a side when the spread across repeats is tested: Welch then carries the uncertainty of few calls. */
    static final long MIN_CALLS_TESTED = 5;

    @Override
    public boolean comparative() {
        return true;
    }

    @Override
    public Optional<Reason> explain(WhyInput input) {
        WhyInput.Repeats repeats = input.statements();
        if (!Comparative.throughputMayHaveMoved(input) || repeats.step().isEmpty() || repeats.compared().isEmpty()) {
            return Optional.empty();
        }
        String phase = input.headlinePhase();
        Optional<StatementTable> median = input.captures()
                .flatMap(c -> StatementTables.of(c.step(), Optional.empty(), null, phase, Integer.MAX_VALUE));
        List<Map<String, StatementTable.Row>> mine = perRepeat(repeats.step(), phase);
        List<Map<String, StatementTable.Row>> theirs = perRepeat(repeats.compared(), phase);
        if (median.isEmpty() || mine.isEmpty() || theirs.isEmpty()) {
            return Optional.empty();
        }
        boolean tested = mine.size() >= 2 && theirs.size() >= 2;
        long minCalls = tested ? MIN_CALLS_TESTED : MIN_CALLS;
        List<Candidate> candidates = new ArrayList<>();
        for (StatementTable.Row r : median.get().top()) {
            if (r.share() == null || r.share() < MIN_SHARE) {
                continue;
            }
            Pooled now = Pooled.of(mine, r.statement());
            Pooled before = Pooled.of(theirs, r.statement());
            if (now.calls() < minCalls || before.calls() < minCalls || now.mean() <= 0 || before.mean() <= 0) {
                continue;
            }
            candidates.add(new Candidate(r, now, before));
        }
        int m = Math.max(1, candidates.size());
        return candidates.stream()
                .filter(c -> c.factor() >= MIN_FACTOR || c.factor() <= 1 / MIN_FACTOR)
                .filter(c -> !tested || c.p() < ShiftTests.FAMILY_ALPHA / m)
                .max(Comparator.comparingDouble(c -> c.row().share()))
                .map(c -> new Reason("statement-mean", Comparative.worded(input, String.format(Locale.ROOT,
                        "statement `%s` mean ×%s against %s (%s → %s ms; %s), %s of server time", c.row().statement(),
                        Numbers.brief(c.factor()), input.comparedName(), Numbers.brief(c.before().mean()),
                        Numbers.brief(c.now().mean()), tested
                                ? String.format(Locale.ROOT, "%d and %d repeats, Welch p %.2g over %d statements",
                                mine.size(), theirs.size(), c.p(), m)
                                : String.format(Locale.ROOT, "%d and %d calls; one repeat on a side: no spread to test",
                                c.now().calls(), c.before().calls()),
                        Numbers.percent(c.row().share()))),
                        List.of("statements.json", "compared.statements.json", "vsCompared.interval")));
    }

    private static List<Map<String, StatementTable.Row>> perRepeat(List<StepCaptures> repeats, String phase) {
        List<Map<String, StatementTable.Row>> out = new ArrayList<>();
        for (StepCaptures r : repeats) {
            StatementTables.of(r, Optional.empty(), null, phase, Integer.MAX_VALUE).ifPresent(t -> {
                Map<String, StatementTable.Row> byText = new HashMap<>();
                t.top().forEach(row -> byText.putIfAbsent(row.statement(), row));
                out.add(byText);
            });
        }
        return out;
    }

    /** A statement's calls and execution time summed over a step's repeats, and each repeat's mean. */
    private record Pooled(long calls, double totalMs, double[] means) {

        static Pooled of(List<Map<String, StatementTable.Row>> repeats, String statement) {
            long calls = 0;
            double total = 0;
            List<Double> means = new ArrayList<>();
            for (Map<String, StatementTable.Row> r : repeats) {
                StatementTable.Row row = r.get(statement);
                if (row == null || row.calls() == null || row.totalExecMs() == null || row.calls() == 0) {
                    continue;
                }
                calls += row.calls();
                total += row.totalExecMs();
                means.add(row.totalExecMs() / row.calls());
            }
            return new Pooled(calls, total, means.stream().mapToDouble(Double::doubleValue).toArray());
        }

        double mean() {
            return calls == 0 ? 0 : totalMs / calls;
        }

        double[] logMeans() {
            return java.util.Arrays.stream(means).filter(v -> v > 0).map(Math::log).toArray();
        }
    }

    private record Candidate(StatementTable.Row row, Pooled now, Pooled before) {

        double factor() {
            return now.mean() / before.mean();
        }

        double p() {
            return ShiftTests.welchP(now.logMeans(), before.logMeans());
        }
    }
}
