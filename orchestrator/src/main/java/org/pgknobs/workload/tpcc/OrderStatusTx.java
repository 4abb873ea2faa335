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
        lastOrder = c.prepareStatement("SELECT o_id, o_carrier_id, o_entry_d FROM oorder "
                + "WHERE o_w_id = ? AND o_d_id = ? AND o_c_id = ? ORDER BY o_id DESC LIMIT 1");
        lines = c.prepareStatement("SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d FROM order_line "
                + "WHERE ol_o_id = ? AND ol_d_id = ? AND ol_w_id = ?");
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
