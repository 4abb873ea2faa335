package org.pgknobs.workload.insertbench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgknobs.workload.WorkloadStatement;

/**
 * The insert benchmark's statements as the plan capture sees them, on client 1's table (every client's
 * table is alike): the multi-row INSERT of each batch size, the DELETE of each phase that deletes, the
 * min/max reads and the prepared queries. INSERT and DELETE carry their values as literals, as iibench.py
 * sends them, drawn by the benchmark's own {@link RowGenerator}.
 */
final class InsertBenchStatements {

    private static final int CLIENT = 1;

    private InsertBenchStatements() {
    }

    static List<WorkloadStatement> of(InsertBenchConfig config, long seed) {
        InsertBenchVariant v = config.variant();
        RowGenerator rows = new RowGenerator(seed, v);
        String table = InsertBenchSchema.table(CLIENT);
        List<WorkloadStatement> out = new ArrayList<>();
        Map<String, Integer> inserts = new LinkedHashMap<>();
        inserts.put("l.i0", InsertBenchWorkload.LOAD_BATCH);
        if (config.i1Rows() > 0) {
            inserts.put("l.i1", InsertBenchWorkload.I1_BATCH);
        }
        if (config.i2Rows() > 0 && v.hasI2()) {
            inserts.put("l.i2", InsertBenchWorkload.I2_BATCH);
        }
        if (!config.queryRates().isEmpty() && !inserts.containsValue(InsertBenchWorkload.QUERY_INSERT_BATCH)) {
            inserts.put("qr", InsertBenchWorkload.QUERY_INSERT_BATCH);
        }
        inserts.forEach((phase, batch) -> out.add(WorkloadStatement.literal(phase + ".insert", rows.insert(CLIENT, batch))));
        inserts.forEach((phase, batch) -> {
            if (phase.equals("l.i1") || phase.equals("l.i2")) {
                out.add(WorkloadStatement.literal(phase + ".delete", v.deleteSql(table, 1 + rows.nextInt(1000), batch)));
            }
        });
        out.add(WorkloadStatement.literal("getMin", "select min(transactionid) from " + table));
        out.add(WorkloadStatement.literal("getMax", "select max(transactionid) from " + table));
        List<QueryShape> shapes = new ArrayList<>(QueryShape.RANGE);
        if (v.hasPointQueries()) {
            shapes.add(QueryShape.POINT);
        }
        for (QueryShape shape : shapes) {
            out.add(new WorkloadStatement(shape.statementName().replace("_ps", ""), shape.sql(v, CLIENT),
                    () -> arguments(shape, rows, config.initialRows())));
        }
        return out;
    }

    /** As {@link QueryClient} draws them: a range start, or 10 ids among the rows l.i0 loads. */
    private static List<Object> arguments(QueryShape shape, RowGenerator rows, long loaded) {
        if (shape != QueryShape.POINT) {
            return List.of(new java.math.BigDecimal(rows.rangeArgument(shape)));
        }
        List<Object> ids = new ArrayList<>();
        for (int i = 0; i < QueryShape.ROWS_PER_QUERY; i++) {
            ids.add(rows.nextLong(1, Math.max(2, loaded)));
        }
        return ids;
    }
}
