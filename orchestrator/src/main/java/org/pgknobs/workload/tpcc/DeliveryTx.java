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
        newOrder = c.prepareStatement(TpccSql.DELIVERY_GET_ORDER_ID.sql());
        deleteNewOrder = c.prepareStatement(TpccSql.DELIVERY_DELETE_NEW_ORDER.sql());
        customerId = c.prepareStatement(TpccSql.DELIVERY_GET_CUST_ID.sql());
        updateCarrier = c.prepareStatement(TpccSql.DELIVERY_UPDATE_CARRIER_ID.sql());
        updateLines = c.prepareStatement(TpccSql.DELIVERY_UPDATE_DELIVERY_DATE.sql());
        sumLines = c.prepareStatement(TpccSql.DELIVERY_SUM_ORDER_AMOUNT.sql());
        updateCustomer = c.prepareStatement(TpccSql.DELIVERY_UPDATE_CUST_BAL_DELIV_CNT.sql());
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
