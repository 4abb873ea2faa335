package org.pgknobs.workload.tpcc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** TPC-C OrderStatus (spec 2.6) as BenchBase's OrderStatus.java: read-only; 60 % of customers by last name. */
final class OrderStatusTx {

    private final CustomerLookup customers;
    private final PreparedStatement lastOrder, lines;

    OrderStatusTx(Connection c) throws SQLException {
        customers = new CustomerLookup(c);
        lastOrder = c.prepareStatement(TpccSql.ORDER_STATUS_GET_NEWEST_ORD.sql());
        lines = c.prepareStatement(TpccSql.ORDER_STATUS_GET_ORDER_LINES.sql());
    }

    void run(Terminal t, TpccRandom r) throws SQLException {
        int w = t.warehouse();
        int d = t.district(r);
        int customerId;
        try (ResultSet rs = customers.find(w, d, r)) {
            customerId = rs.getInt(CustomerLookup.ID);
        }
        Procedures.set(lastOrder, w, d, customerId);
        int orderId = Procedures.intValue(lastOrder, "order of customer w=" + w + " d=" + d + " c=" + customerId);
        Procedures.set(lines, orderId, d, w);
        try (ResultSet rs = lines.executeQuery()) {
            while (rs.next()) {
                rs.getTimestamp(5);
            }
        }
    }
}
