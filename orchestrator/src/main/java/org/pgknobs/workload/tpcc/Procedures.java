package org.pgknobs.workload.tpcc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The five TPC-C transactions of one connection, one class each like BenchBase's procedures package
 * (NewOrder, Payment, OrderStatus, Delivery, StockLevel on cmu-db/benchbase main d2ff90f5). Statements are
 * prepared once per connection; BenchBase prepares them per call, and pgjdbc's statement cache makes
 * that the same server-side statement after {@code prepareThreshold} (5) uses either way. The caller
 * commits or rolls back; a {@link UserAbort} means "roll back, as the profile asks".
 */
final class Procedures implements AutoCloseable {

    static final int INVALID_ITEM_ID = -12345;

    private final Connection c;
    private final NewOrderTx newOrder;
    private final PaymentTx payment;
    private final OrderStatusTx orderStatus;
    private final DeliveryTx delivery;
    private final StockLevelTx stockLevel;

    Procedures(Connection c) throws SQLException {
        this.c = c;
        newOrder = new NewOrderTx(c);
        payment = new PaymentTx(c);
        orderStatus = new OrderStatusTx(c);
        delivery = new DeliveryTx(c);
        stockLevel = new StockLevelTx(c);
    }

    void run(TxType type, Terminal t, TpccRandom r) throws SQLException, UserAbort {
        switch (type) {
            case NEW_ORDER -> newOrder.run(t, r);
            case PAYMENT -> payment.run(t, r);
            case ORDER_STATUS -> orderStatus.run(t, r);
            case DELIVERY -> delivery.run(t, r);
            case STOCK_LEVEL -> stockLevel.run(t, r);
            default -> throw new IllegalArgumentException(type.name());
        }
    }

    /** The first column of the first row as an int; a missing row is an error naming {@code what}. */
    static int intValue(PreparedStatement s, String what) throws SQLException {
        try (ResultSet rs = s.executeQuery()) {
            if (!rs.next()) {
                throw new SQLException(what + " not found");
            }
            return rs.getInt(1);
        }
    }

    static void set(PreparedStatement s, int... values) throws SQLException {
        for (int i = 0; i < values.length; i++) {
            s.setInt(i + 1, values[i]);
        }
    }

    @Override
    public void close() throws SQLException {
        c.close();
    }
}
