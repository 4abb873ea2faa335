package org.pgknobs.report.why;

import java.util.Comparator;
import java.util.Locale;
import java.util.Optional;
import org.pgknobs.report.statements.StatementTable;
import org.pgknobs.report.statements.StatementTables;

/**
 * "statement `select … from stock …` mean ×3.4 (0.12 → 0.41 ms), 38 % of server time": fires for the
 * statement with the largest share of the step's server time (at least {@value #MIN_SHARE}) whose mean
 * execution time moved by a factor of {@value #MIN_FACTOR} or more either way against the compared step.
 * Reads statements.json of both steps; silent when either has none, or no statement qualifies.
 */
public final class StatementMeanChange implements WhyRule {

    static final double MIN_SHARE = 0.10;
    static final double MIN_FACTOR = 2.0;

    @Override
    public Optional<Reason> explain(WhyInput input) {
        Optional<StatementTable> table = input.captures().filter(c -> c.compared().isPresent())
                .flatMap(c -> StatementTables.of(c.step(), c.compared(), "compared", input.evidence().headlinePhase(),
                        Integer.MAX_VALUE));
        return table.flatMap(t -> t.top().stream()
                .filter(r -> r.share() != null && r.share() >= MIN_SHARE && r.compared().meanFactor() != null
                        && (r.compared().meanFactor() >= MIN_FACTOR || r.compared().meanFactor() <= 1 / MIN_FACTOR))
                .max(Comparator.comparingDouble(StatementTable.Row::share))
                .map(r -> new Reason("statement-mean", String.format(Locale.ROOT,
                        "statement `%s` mean ×%s (%s → %s ms), %s of server time", r.statement(),
                        Numbers.brief(r.compared().meanFactor()), Numbers.brief(r.compared().meanBefore()), Numbers.brief(r.meanExecMs()),
                        Numbers.percent(r.share())),
                        java.util.List.of("statements.json: meanExecMs", "compared step's statements.json: meanExecMs",
                                "statements.json: totalExecMs ÷ the window's"))));
    }
}
