package org.pgknobs.workload.tpcc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** TPC-C StockLevel (spec 2.8) as BenchBase's StockLevel.java: distinct low-stock items of the district's last 20 orders. */
final class StockLevelTx {

    private final PreparedStatement nextOrder, count;

    StockLevelTx(Connection c) throws SQLException {
        nextOrder = c.prepareStatement(TpccSql.STOCK_LEVEL_GET_ORDER_ID.sql());
        count = c.prepareStatement(TpccSql.STOCK_LEVEL_GET_STOCK_COUNT.sql());
    }

    void run(Terminal t, TpccRandom r) throws SQLException {
        int w = t.warehouse();
        int threshold = r.uniform(10, 20);
        int d = t.district(r);
        Procedures.set(nextOrder, w, d);
        int next = Procedures.intValue(nextOrder, "district w=" + w + " d=" + d);
        Procedures.set(count, w, d, next, next - 20, w, threshold);
        try (ResultSet rs = count.executeQuery()) {
            rs.next();
        }
    }
}
