package org.pgknobs.workload.tpcc;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;

/**
 * TPC-C Delivery (spec 2.7) as BenchBase's Delivery.java: per district, the oldest new_order row is
 * deleted and its order, lines and customer updated. Like BenchBase, only districts 1 up to the
 * terminal's upper district are visited (the spec says all 10): a terminal bound to districts 1-5
 * delivers in 5, one bound to 6-10 in all 10.
 */
final class DeliveryTx {

    private final PreparedStatement newOrder, deleteNewOrder, customerId, updateCarrier, updateLines, sumLines,
            updateCustomer;

    DeliveryTx(Connection c) throws SQLException {
        newOrder = c.prepareStatement("SELECT no_o_id FROM new_order WHERE no_d_id = ? AND no_w_id = ? ORDER BY no_o_id ASC LIMIT 1");
        deleteNewOrder = c.prepareStatement("DELETE FROM new_order WHERE no_o_id = ? AND no_d_id = ? AND no_w_id = ?");
        customerId = c.prepareStatement("SELECT o_c_id FROM oorder WHERE o_id = ? AND o_d_id = ? AND o_w_id = ?");
        updateCarrier = c.prepareStatement("UPDATE oorder SET o_carrier_id = ? WHERE o_id = ? AND o_d_id = ? AND o_w_id = ?");
        updateLines = c.prepareStatement("UPDATE order_line SET ol_delivery_d = ? WHERE ol_o_id = ? AND ol_d_id = ? AND ol_w_id = ?");
        sumLines = c.prepareStatement("SELECT SUM(ol_amount) AS ol_total FROM order_line WHERE ol_o_id = ? AND ol_d_id = ? AND ol_w_id = ?");
        updateCustomer = c.prepareStatement("UPDATE customer SET c_balance = c_balance + ?, c_delivery_cnt = c_delivery_cnt + 1 "
                + "WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?");
    }

    void run(Terminal t, TpccRandom r) throws SQLException, UserAbort {
        int w = t.warehouse();
        int carrier = r.uniform(1, 10);
        for (int d = 1; d <= t.districtHigh(); d++) {
            int orderId;
            Procedures.set(newOrder, d, w);
            try (ResultSet rs = newOrder.executeQuery()) {
                if (!rs.next()) {
                    continue;
                }
                orderId = rs.getInt(1);
            }
            Procedures.set(deleteNewOrder, orderId, d, w);
            if (deleteNewOrder.executeUpdate() != 1) {
                // Another terminal delivered it first (possible below SERIALIZABLE); BenchBase aborts here.
                throw UserAbort.INSTANCE;
            }
            Procedures.set(customerId, orderId, d, w);
            int customer = Procedures.intValue(customerId, "order w=" + w + " d=" + d + " o=" + orderId);
            Procedures.set(updateCarrier, carrier, orderId, d, w);
            if (updateCarrier.executeUpdate() != 1) {
                throw new SQLException("order w=" + w + " d=" + d + " o=" + orderId + " not updated");
            }
            updateLines.setTimestamp(1, new Timestamp(System.currentTimeMillis()));
            updateLines.setInt(2, orderId);
            updateLines.setInt(3, d);
            updateLines.setInt(4, w);
            updateLines.executeUpdate();
            float total;
            Procedures.set(sumLines, orderId, d, w);
            try (ResultSet rs = sumLines.executeQuery()) {
                rs.next();
                total = rs.getFloat(1);
            }
            updateCustomer.setBigDecimal(1, BigDecimal.valueOf(total));
            updateCustomer.setInt(2, w);
            updateCustomer.setInt(3, d);
            updateCustomer.setInt(4, customer);
            updateCustomer.executeUpdate();
        }
    }
}
