package org.pgknobs.workload.tpcc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;

/**
 * TPC-C NewOrder (spec 2.4) as BenchBase's NewOrder.java: customer, warehouse, district FOR UPDATE,
 * district update, oorder and new_order inserts, then per line item price and stock FOR UPDATE; the
 * order lines and stock updates go out as two batches at the end. 1 % of orders carry the unused item
 * id as their last line and are rolled back ({@link UserAbort}).
 */
final class NewOrderTx {

    private final PreparedStatement customer, warehouse, district, updateDistrict, insertOrder, insertNewOrder, item,
            stock, updateStock, insertLine;

    // Reused per order instead of allocating arrays per transaction.
    private final int[] itemIds = new int[15];
    private final int[] supplyWarehouses = new int[15];
    private final int[] quantities = new int[15];

    NewOrderTx(Connection c) throws SQLException {
        customer = c.prepareStatement(TpccSql.NEW_ORDER_GET_CUST.sql());
        warehouse = c.prepareStatement(TpccSql.NEW_ORDER_GET_WHSE.sql());
        district = c.prepareStatement(TpccSql.NEW_ORDER_GET_DIST.sql());
        updateDistrict = c.prepareStatement(TpccSql.NEW_ORDER_UPDATE_DIST.sql());
        insertOrder = c.prepareStatement(TpccSql.NEW_ORDER_INSERT_OORDER.sql());
        insertNewOrder = c.prepareStatement(TpccSql.NEW_ORDER_INSERT_NEW_ORDER.sql());
        item = c.prepareStatement(TpccSql.NEW_ORDER_GET_ITEM.sql());
        stock = c.prepareStatement(TpccSql.NEW_ORDER_GET_STOCK.sql());
        updateStock = c.prepareStatement(TpccSql.NEW_ORDER_UPDATE_STOCK.sql());
        insertLine = c.prepareStatement(TpccSql.NEW_ORDER_INSERT_ORDER_LINE.sql());
    }

    void run(Terminal t, TpccRandom r) throws SQLException, UserAbort {
        // A failed earlier attempt (retry, cancel) may have left rows in the batches.
        updateStock.clearBatch();
        insertLine.clearBatch();
        int w = t.warehouse();
        int d = t.district(r);
        int customerId = r.customerId();
        int lines = r.uniform(5, 15);
        int allLocal = 1;
        for (int i = 0; i < lines; i++) {
            itemIds[i] = r.itemId();
            if (r.uniform(1, 100) > 1) {
                supplyWarehouses[i] = w;
            } else {
                supplyWarehouses[i] = t.remoteWarehouse(r);
                // BenchBase marks the order remote even when there is no other warehouse to pick.
                allLocal = 0;
            }
            quantities[i] = r.uniform(1, 10);
        }
        if (r.uniform(1, 100) == 1) {
            itemIds[lines - 1] = Procedures.INVALID_ITEM_ID;
        }

        Procedures.set(customer, w, d, customerId);
        expectRow(customer, "customer w=" + w + " d=" + d + " c=" + customerId);
        Procedures.set(warehouse, w);
        expectRow(warehouse, "warehouse " + w);
        Procedures.set(district, w, d);
        int orderId = Procedures.intValue(district, "district w=" + w + " d=" + d);
        Procedures.set(updateDistrict, w, d);
        if (updateDistrict.executeUpdate() == 0) {
            throw new SQLException("district w=" + w + " d=" + d + " not updated");
        }
        Procedures.set(insertOrder, orderId, d, w, customerId);
        insertOrder.setTimestamp(5, new Timestamp(System.currentTimeMillis()));
        insertOrder.setInt(6, lines);
        insertOrder.setInt(7, allLocal);
        insertOrder.executeUpdate();
        Procedures.set(insertNewOrder, orderId, d, w);
        insertNewOrder.executeUpdate();

        for (int i = 0; i < lines; i++) {
            line(w, d, orderId, i);
        }
        insertLine.executeBatch();
        insertLine.clearBatch();
        updateStock.executeBatch();
        updateStock.clearBatch();
    }

    private void line(int w, int d, int orderId, int i) throws SQLException, UserAbort {
        int itemId = itemIds[i];
        int supply = supplyWarehouses[i];
        int quantity = quantities[i];
        float price;
        item.setInt(1, itemId);
        try (ResultSet rs = item.executeQuery()) {
            if (!rs.next()) {
                // The profile's "unused item": the whole order is rolled back.
                updateStock.clearBatch();
                insertLine.clearBatch();
                throw UserAbort.INSTANCE;
            }
            price = rs.getFloat(1);
        }
        int stockQuantity;
        String distInfo;
        Procedures.set(stock, itemId, supply);
        try (ResultSet rs = stock.executeQuery()) {
            if (!rs.next()) {
                throw new SQLException("stock w=" + supply + " i=" + itemId + " not found");
            }
            stockQuantity = rs.getInt(1);
            distInfo = rs.getString(2 + d);
        }
        stockQuantity = stockQuantity - quantity >= 10 ? stockQuantity - quantity : stockQuantity - quantity + 91;
        Procedures.set(insertLine, orderId, d, w, i + 1, itemId, supply, quantity);
        // BenchBase multiplies in float (quantity * i_price) and binds the double.
        insertLine.setDouble(8, quantity * price);
        insertLine.setString(9, distInfo);
        insertLine.addBatch();
        Procedures.set(updateStock, stockQuantity, quantity, supply == w ? 0 : 1, itemId, supply);
        updateStock.addBatch();
    }

    private static void expectRow(PreparedStatement s, String what) throws SQLException {
        try (ResultSet rs = s.executeQuery()) {
            if (!rs.next()) {
                throw new SQLException(what + " not found");
            }
        }
    }
}
