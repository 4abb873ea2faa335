package org.pgknobs.workload.insertbench;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.pgknobs.server.ConnectionInfo;

/**
 * One client's query thread, his Query(): PREPAREs the shapes once, then EXECUTEs one picked at random per
 * query, back to back, until the client's inserter is done (checked every {@value #DONE_CHECK} queries, as
 * he does). Point queries take 10 random ids in [shared min, max): the min is the statement maker's local
 * estimate (no query), the max is re-read every {@value #MAX_REFRESH} queries.
 */
final class QueryClient {

    static final int DONE_CHECK = 16;
    static final int MAX_REFRESH = 100;

    private final ConnectionInfo db;
    private final int client;
    private final boolean point;
    private final InsertBenchVariant variant;
    private final PhaseRecorder recorder;
    private final AtomicBoolean done;
    private final AtomicLong sharedMin;
    private final RowGenerator random;
    private long rowsFetched;

    QueryClient(ConnectionInfo db, int client, boolean point, InsertBenchVariant variant, PhaseRecorder recorder,
                InsertDeleteClient writer, long seed) {
        this.db = db;
        this.client = client;
        this.point = point;
        this.variant = variant;
        this.recorder = recorder;
        this.done = writer.done();
        this.sharedMin = writer.sharedMin();
        this.random = new RowGenerator(seed, variant);
    }

    /** Runs until the writer is done; returns the rows fetched (10 per query when the table is big enough). */
    Long query() throws SQLException {
        List<QueryShape> shapes = point ? List.of(QueryShape.POINT) : QueryShape.RANGE;
        try (Connection c = Sessions.open(db); Statement s = c.createStatement()) {
            for (QueryShape shape : shapes) {
                s.execute(shape.prepare(variant, client));
            }
            long max = point ? Sessions.minOrMax(s, client, false) : 0;
            for (long loops = 1; ; loops++) {
                QueryShape shape = shapes.get(random.nextInt(shapes.size()));
                String sql = "execute " + shape.statementName() + " (" + arguments(shape, sharedMin.get(), max) + ")";
                long begin = System.nanoTime();
                try (ResultSet rs = s.executeQuery(sql)) {
                    while (rs.next()) {
                        rowsFetched++;
                    }
                }
                recorder.request(client, begin, System.nanoTime(), 1);
                if (loops % DONE_CHECK == 0 && done.get()) {
                    break;
                }
                if (point && loops % MAX_REFRESH == 0) {
                    max = Sessions.minOrMax(s, client, false);
                }
            }
        }
        return rowsFetched;
    }

    private String arguments(QueryShape shape, long min, long max) {
        if (shape != QueryShape.POINT) {
            return random.rangeArgument(shape);
        }
        StringBuilder ids = new StringBuilder();
        for (int i = 0; i < QueryShape.ROWS_PER_QUERY; i++) {
            // his random.randrange(min_id, max_id): max excluded
            ids.append(i == 0 ? "" : ",").append(max > min ? random.nextLong(min, max) : min);
        }
        return ids.toString();
    }
}
