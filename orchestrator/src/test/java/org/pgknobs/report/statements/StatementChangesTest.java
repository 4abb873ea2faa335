package org.pgknobs.report.statements;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.collector.StatementCounters;
import org.pgknobs.collector.StatementStats;
import org.pgknobs.collector.StatementWindow;
import org.pgknobs.collector.StatementsDocument;
import org.pgknobs.collector.StatementsFiles;
import org.pgknobs.report.ReadSteps;
import org.pgknobs.report.diff.DiffSections;
import org.pgknobs.report.why.Evidence;
import org.pgknobs.report.why.Reason;
import org.pgknobs.report.why.StatementMeanChange;
import org.pgknobs.report.why.WhyInput;

/**
 * Crafted statements.json of two steps: the report's table, the why-rule (fires and stays silent, nulls
 * included) and the diff section read them alike.
 */
@Tag("unit")
class StatementChangesTest {

    static final String STOCK = "SELECT s_quantity FROM stock WHERE s_i_id = $1 AND s_w_id = $2";
    static final String ORDERS = "UPDATE oorder SET o_carrier_id = $1 WHERE o_id = $2";
    static final String NEW = "SELECT count(*) FROM order_line";

    @TempDir
    Path dir;

    /** Statement text → (calls, total ms); a null total is a figure the server did not report. */
    private Path step(String name, Map<String, Object[]> statements) throws Exception {
        Path d = Files.createDirectories(dir.resolve(name));
        List<StatementStats> list = statements.entrySet().stream().map(e -> {
            long calls = (Long) e.getValue()[0];
            Double ms = (Double) e.getValue()[1];
            return new StatementStats((long) e.getKey().hashCode(), 10, true, e.getKey(), calls, ms,
                    ms == null ? null : ms / calls, calls, 100L, 5L, 1L, 0L, 2000L, 1L, false);
        }).sorted((x, y) -> Double.compare(y.totalExecMs() == null ? -1 : y.totalExecMs(),
                x.totalExecMs() == null ? -1 : x.totalExecMs())).toList();
        double total = list.stream().mapToDouble(s -> s.totalExecMs() == null ? 0 : s.totalExecMs()).sum();
        StatementWindow w = new StatementWindow("tpcc", 0, 10_000, 10, 0L, false, 0,
                new StatementCounters(0L, total, 0L, 0L, 0L, 0L, 0L, 0L, 0L), list, null);
        StatementsFiles.write(new StatementsDocument(1, 180001, "1.12", null, true, List.of(w)), StatementsFiles.json(d, ""));
        return d;
    }

    private static Optional<Reason> why(Path stepDir, Path compared) {
        // throughput differs beyond 1 (the why-gate): the rule may speak
        Evidence evidence = new Evidence(null, "tpcc", null, null, null, null,
                new Evidence.Noise("base", 1.5, 1.3, 1.7, 3, 3));
        return new StatementMeanChange().explain(new WhyInput(null, Optional.empty(), Map.of(), evidence,
                ReadSteps.captures(stepDir, compared)));
    }

    @Test
    void aStatementWhoseMeanQuadrupledWithMostOfTheServerTimeIsNamedWithItsFigures() throws Exception {
        Path base = step("base", Map.of(STOCK, new Object[] {1000L, 100.0}, ORDERS, new Object[] {100L, 100.0}));
        Path index = step("index", Map.of(STOCK, new Object[] {1000L, 400.0}, ORDERS, new Object[] {100L, 100.0},
                NEW, new Object[] {1L, 20.0}));
        assertThat(why(index, base)).hasValueSatisfying(r -> {
            assertThat(r.text()).isEqualTo("statement `" + STOCK + "` mean ×4.0 against the compared step (0.10 → 0.40 ms;"
                    + " 1000 and 1000 calls; one repeat on a side: no spread to test), 77 % of server time");
            assertThat(r.figures()).contains("statements.json", "compared.statements.json");
        });
        StatementTable t = StatementTables.of(ReadSteps.captures(index), Optional.of(ReadSteps.captures(base)), "base",
                "tpcc", StatementTables.TOP).orElseThrow();
        assertThat(t.against()).isEqualTo("base");
        assertThat(t.top()).extracting(StatementTable.Row::statement).containsExactly(STOCK, ORDERS, NEW);
        assertThat(t.top().get(0).compared().shareBefore()).isEqualTo(0.5);
        assertThat(t.top().get(0).callsPerSecond()).isEqualTo(100.0);
        assertThat(t.top().get(2).compared().meanBefore()).as("not run in the base").isNull();
        assertThat(DiffSections.all()).anySatisfy(section -> {
            assertThat(section.title()).isEqualTo("statements");
            List<String> lines = section.lines(ReadSteps.step(base), ReadSteps.step(index));
            assertThat(lines.get(0)).isEqualTo("window tpcc: 520 ms of statement execution in B");
            assertThat(lines.get(1)).isEqualTo("76.9 % of server time (A 50.0 %)  mean 0.400 ms ×4.00 from 0.100  " + STOCK);
            assertThat(lines.get(3)).contains("(not run in A)");
            assertThat(section.lines(ReadSteps.step(base), ReadSteps.step(dir.resolve("none"))))
                    .containsExactly("only A has statements.json: B ran "
                    + "without pg_stat_statements in shared_preload_libraries (observe: [statements] adds it)");
            assertThat(section.lines(ReadSteps.step(dir.resolve("none")), ReadSteps.step(dir.resolve("none2")))).isEmpty();
        });
    }

    @Test
    void theRuleStaysSilentBelowItsThresholdsAndWithoutFiguresOrFiles() throws Exception {
        Path base = step("base", Map.of(STOCK, new Object[] {1000L, 100.0}, ORDERS, new Object[] {100L, 10.0}));
        // ×1.5 on the big one; ×10 on one with 9 % of the server time
        Path mild = step("mild", Map.of(STOCK, new Object[] {1000L, 150.0}, ORDERS, new Object[] {10L, 10.0},
                NEW, new Object[] {5L, 5.0}));
        assertThat(why(mild, base)).isEmpty();
        Path nulls = step("nulls", Map.of(STOCK, new Object[] {1000L, null}));
        assertThat(why(nulls, base)).isEmpty();
        assertThat(why(base, nulls)).as("the compared step's mean unknown").isEmpty();
        assertThat(why(mild, null)).as("the base itself").isEmpty();
        assertThat(why(dir.resolve("none"), base)).isEmpty();
        assertThat(StatementTables.of(ReadSteps.captures(dir.resolve("none")), Optional.of(ReadSteps.captures(base)),
                "base", "tpcc", 5)).isEmpty();
    }
}
