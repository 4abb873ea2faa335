package org.pgknobs.workload.insertbench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.pgknobs.server.ConnectionInfo;

/**
 * One client's query thread: back-to-back queries on its own table until {@code stop}. Range mode picks one
 * of the three index shapes at random per query (qr); point mode fetches 10 random ids between the table's
 * current min and max id, refreshed every {@value #ID_REFRESH} queries as iibench.py does (qp).
 */
final class QueryClient {

    static final int ID_REFRESH = 100;

    private final ConnectionInfo db;
    private final int client;
    private final boolean point;
    private final PhaseRecorder recorder;
    private final AtomicBoolean stop;
    private final RowGenerator random;
    private long rowsFetched;

    QueryClient(ConnectionInfo db, int client, boolean point, PhaseRecorder recorder, AtomicBoolean stop, long seed) {
        this.db = db;
        this.client = client;
        this.point = point;
        this.recorder = recorder;
        this.stop = stop;
        this.random = new RowGenerator(seed);
    }

    /** Runs until stopped; returns the rows fetched (10 per query when the table is big enough). */
    Long query() throws SQLException {
        try (Connection c = Sessions.open(db)) {
            Map<QueryShape, PreparedStatement> prepared = new EnumMap<>(QueryShape.class);
            for (QueryShape shape : QueryShape.values()) {
                prepared.put(shape, shape.prepare(c, client));
            }
            long[] ids = idRange(c);
            for (long n = 0; !stop.get(); n++) {
                if (point && n > 0 && n % ID_REFRESH == 0) {
                    ids = idRange(c);
                }
                QueryShape shape = point ? QueryShape.POINT : QueryShape.RANGE[random.nextInt(QueryShape.RANGE.length)];
                PreparedStatement ps = prepared.get(shape);
                if (point) {
                    for (int i = 1; i <= QueryShape.ROWS_PER_QUERY; i++) {
                        ps.setLong(i, random.nextLong(ids[0], ids[1] + 1));
                    }
                } else {
                    ps.setInt(1, random.nextInt(shape.keyBound()));
                }
                long begin = System.nanoTime();
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        rowsFetched++;
                    }
                }
                recorder.request(begin, System.nanoTime(), 1);
            }
        }
        return rowsFetched;
    }

    private long[] idRange(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select coalesce(min(transactionid), 0), coalesce(max(transactionid), 0) from "
                     + InsertBenchSchema.table(client))) {
            rs.next();
            return new long[] {rs.getLong(1), rs.getLong(2)};
        }
    }
}
