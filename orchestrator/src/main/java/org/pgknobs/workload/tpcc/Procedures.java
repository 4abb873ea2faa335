package org.pgknobs.workload.tpcc;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;

/**
 * The five TPC-C transactions with BenchBase's logic and SQL, over statements prepared once per
 * connection. The caller commits or rolls back; a {@link UserAbort} means "roll back, as the profile asks".
 */
final class Procedures implements AutoCloseable {

    static final int INVALID_ITEM_ID = -12345;

    private final Connection c;

    // NewOrder
    private final PreparedStatement noCustomer;
    private final PreparedStatement noWarehouse;
    private final PreparedStatement noDistrict;
    private final PreparedStatement noUpdateDistrict;
    private final PreparedStatement noInsertOrder;
    private final PreparedStatement noInsertNewOrder;
    private final PreparedStatement noItem;
    private final PreparedStatement noStock;
    private final PreparedStatement noUpdateStock;
    private final PreparedStatement noInsertLine;
    // Payment
    private final PreparedStatement payUpdateWarehouse;
    private final PreparedStatement payWarehouse;
    private final PreparedStatement payUpdateDistrict;
    private final PreparedStatement payDistrict;
    private final PreparedStatement payCustomerById;
    private final PreparedStatement payCustomersByName;
    private final PreparedStatement payCustomerData;
    private final PreparedStatement payUpdateCustomerData;
    private final PreparedStatement payUpdateCustomer;
    private final PreparedStatement payInsertHistory;
    // OrderStatus
    private final PreparedStatement osCustomerById;
    private final PreparedStatement osCustomersByName;
    private final PreparedStatement osLastOrder;
    private final PreparedStatement osLines;
    // Delivery
    private final PreparedStatement dlNewOrder;
    private final PreparedStatement dlDeleteNewOrder;
    private final PreparedStatement dlCustomerId;
    private final PreparedStatement dlUpdateCarrier;
    private final PreparedStatement dlUpdateLines;
    private final PreparedStatement dlSumLines;
    private final PreparedStatement dlUpdateCustomer;
    // StockLevel
    private final PreparedStatement slNextOrder;
    private final PreparedStatement slCount;

    // Reused per NewOrder instead of allocating arrays per transaction.
    private final int[] itemIds = new int[15];
    private final int[] supplyWarehouses = new int[15];
    private final int[] quantities = new int[15];

    Procedures(Connection c) throws SQLException {
        this.c = c;
        noCustomer = c.prepareStatement("SELECT c_discount, c_last, c_credit FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?");
        noWarehouse = c.prepareStatement("SELECT w_tax FROM warehouse WHERE w_id = ?");
        noDistrict = c.prepareStatement("SELECT d_next_o_id, d_tax FROM district WHERE d_w_id = ? AND d_id = ? FOR UPDATE");
        noUpdateDistrict = c.prepareStatement("UPDATE district SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = ? AND d_id = ?");
        noInsertOrder = c.prepareStatement("INSERT INTO oorder (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_ol_cnt, o_all_local) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?)");
        noInsertNewOrder = c.prepareStatement("INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES (?, ?, ?)");
        noItem = c.prepareStatement("SELECT i_price, i_name, i_data FROM item WHERE i_id = ?");
        noStock = c.prepareStatement("SELECT s_quantity, s_data, s_dist_01, s_dist_02, s_dist_03, s_dist_04, s_dist_05, "
                + "s_dist_06, s_dist_07, s_dist_08, s_dist_09, s_dist_10 FROM stock WHERE s_i_id = ? AND s_w_id = ? FOR UPDATE");
        noUpdateStock = c.prepareStatement("UPDATE stock SET s_quantity = ?, s_ytd = s_ytd + ?, s_order_cnt = s_order_cnt + 1, "
                + "s_remote_cnt = s_remote_cnt + ? WHERE s_i_id = ? AND s_w_id = ?");
        noInsertLine = c.prepareStatement("INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, "
                + "ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");

        payUpdateWarehouse = c.prepareStatement("UPDATE warehouse SET w_ytd = w_ytd + ? WHERE w_id = ?");
        payWarehouse = c.prepareStatement("SELECT w_street_1, w_street_2, w_city, w_state, w_zip, w_name FROM warehouse WHERE w_id = ?");
        payUpdateDistrict = c.prepareStatement("UPDATE district SET d_ytd = d_ytd + ? WHERE d_w_id = ? AND d_id = ?");
        payDistrict = c.prepareStatement("SELECT d_street_1, d_street_2, d_city, d_state, d_zip, d_name FROM district "
                + "WHERE d_w_id = ? AND d_id = ?");
        String customerColumns = "c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, c_zip, c_phone, "
                + "c_credit, c_credit_lim, c_discount, c_balance, c_ytd_payment, c_payment_cnt, c_since, c_id";
        payCustomerById = c.prepareStatement("SELECT " + customerColumns + " FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?");
        payCustomersByName = scrollable(c, "SELECT " + customerColumns + " FROM customer "
                + "WHERE c_w_id = ? AND c_d_id = ? AND c_last = ? ORDER BY c_first");
        payCustomerData = c.prepareStatement("SELECT c_data FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?");
        payUpdateCustomerData = c.prepareStatement("UPDATE customer SET c_balance = ?, c_ytd_payment = ?, c_payment_cnt = ?, "
                + "c_data = ? WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?");
        payUpdateCustomer = c.prepareStatement("UPDATE customer SET c_balance = ?, c_ytd_payment = ?, c_payment_cnt = ? "
                + "WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?");
        payInsertHistory = c.prepareStatement("INSERT INTO history (h_c_d_id, h_c_w_id, h_c_id, h_d_id, h_w_id, h_date, "
                + "h_amount, h_data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");

        osCustomerById = c.prepareStatement("SELECT c_first, c_middle, c_last, c_balance, c_id FROM customer "
                + "WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?");
        osCustomersByName = scrollable(c, "SELECT c_first, c_middle, c_last, c_balance, c_id FROM customer "
                + "WHERE c_w_id = ? AND c_d_id = ? AND c_last = ? ORDER BY c_first");
        osLastOrder = c.prepareStatement("SELECT o_id, o_carrier_id, o_entry_d FROM oorder "
                + "WHERE o_w_id = ? AND o_d_id = ? AND o_c_id = ? ORDER BY o_id DESC LIMIT 1");
        osLines = c.prepareStatement("SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d FROM order_line "
                + "WHERE ol_o_id = ? AND ol_d_id = ? AND ol_w_id = ?");

        dlNewOrder = c.prepareStatement("SELECT no_o_id FROM new_order WHERE no_d_id = ? AND no_w_id = ? ORDER BY no_o_id ASC LIMIT 1");
        dlDeleteNewOrder = c.prepareStatement("DELETE FROM new_order WHERE no_o_id = ? AND no_d_id = ? AND no_w_id = ?");
        dlCustomerId = c.prepareStatement("SELECT o_c_id FROM oorder WHERE o_id = ? AND o_d_id = ? AND o_w_id = ?");
        dlUpdateCarrier = c.prepareStatement("UPDATE oorder SET o_carrier_id = ? WHERE o_id = ? AND o_d_id = ? AND o_w_id = ?");
        dlUpdateLines = c.prepareStatement("UPDATE order_line SET ol_delivery_d = ? WHERE ol_o_id = ? AND ol_d_id = ? AND ol_w_id = ?");
        dlSumLines = c.prepareStatement("SELECT SUM(ol_amount) AS ol_total FROM order_line WHERE ol_o_id = ? AND ol_d_id = ? AND ol_w_id = ?");
        dlUpdateCustomer = c.prepareStatement("UPDATE customer SET c_balance = c_balance + ?, c_delivery_cnt = c_delivery_cnt + 1 "
                + "WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?");

        slNextOrder = c.prepareStatement("SELECT d_next_o_id FROM district WHERE d_w_id = ? AND d_id = ?");
        slCount = c.prepareStatement("SELECT COUNT(DISTINCT (s_i_id)) AS stock_count FROM order_line, stock "
                + "WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id < ? AND ol_o_id >= ? AND s_w_id = ? AND s_i_id = ol_i_id "
                + "AND s_quantity < ?");
    }

    void run(TxType type, Terminal t, TpccRandom r) throws SQLException, UserAbort {
        switch (type) {
            case NEW_ORDER -> newOrder(t, r);
            case PAYMENT -> payment(t, r);
            case ORDER_STATUS -> orderStatus(t, r);
            case DELIVERY -> delivery(t, r);
            case STOCK_LEVEL -> stockLevel(t, r);
            default -> throw new IllegalArgumentException(type.name());
        }
    }

    /** Spec 2.4; 1 % of orders carry an unused item id as their last line and are rolled back. */
    void newOrder(Terminal t, TpccRandom r) throws SQLException, UserAbort {
        // A failed earlier attempt (retry, cancel) may have left rows in the batches.
        noUpdateStock.clearBatch();
        noInsertLine.clearBatch();
        int w = t.warehouse();
        int d = t.district(r);
        int customer = r.customerId();
        int lines = r.uniform(5, 15);
        int allLocal = 1;
        for (int i = 0; i < lines; i++) {
            itemIds[i] = r.itemId();
            if (r.uniform(1, 100) > 1) {
                supplyWarehouses[i] = w;
            } else {
                supplyWarehouses[i] = t.remoteWarehouse(r);
                allLocal = supplyWarehouses[i] == w ? allLocal : 0;
            }
            quantities[i] = r.uniform(1, 10);
        }
        if (r.uniform(1, 100) == 1) {
            itemIds[lines - 1] = INVALID_ITEM_ID;
        }

        noCustomer.setInt(1, w);
        noCustomer.setInt(2, d);
        noCustomer.setInt(3, customer);
        try (ResultSet rs = noCustomer.executeQuery()) {
            if (!rs.next()) {
                throw new SQLException("customer w=" + w + " d=" + d + " c=" + customer + " not found");
            }
        }
        noWarehouse.setInt(1, w);
        try (ResultSet rs = noWarehouse.executeQuery()) {
            if (!rs.next()) {
                throw new SQLException("warehouse " + w + " not found");
            }
        }
        int orderId;
        noDistrict.setInt(1, w);
        noDistrict.setInt(2, d);
        try (ResultSet rs = noDistrict.executeQuery()) {
            if (!rs.next()) {
                throw new SQLException("district w=" + w + " d=" + d + " not found");
            }
            orderId = rs.getInt(1);
        }
        noUpdateDistrict.setInt(1, w);
        noUpdateDistrict.setInt(2, d);
        if (noUpdateDistrict.executeUpdate() == 0) {
            throw new SQLException("district w=" + w + " d=" + d + " not updated");
        }
        noInsertOrder.setInt(1, orderId);
        noInsertOrder.setInt(2, d);
        noInsertOrder.setInt(3, w);
        noInsertOrder.setInt(4, customer);
        noInsertOrder.setTimestamp(5, new Timestamp(System.currentTimeMillis()));
        noInsertOrder.setInt(6, lines);
        noInsertOrder.setInt(7, allLocal);
        noInsertOrder.executeUpdate();
        noInsertNewOrder.setInt(1, orderId);
        noInsertNewOrder.setInt(2, d);
        noInsertNewOrder.setInt(3, w);
        noInsertNewOrder.executeUpdate();

        for (int i = 0; i < lines; i++) {
            int item = itemIds[i];
            int supply = supplyWarehouses[i];
            int quantity = quantities[i];
            double price;
            noItem.setInt(1, item);
            try (ResultSet rs = noItem.executeQuery()) {
                if (!rs.next()) {
                    // The profile's "unused item": the whole order is rolled back.
                    noUpdateStock.clearBatch();
                    noInsertLine.clearBatch();
                    throw UserAbort.INSTANCE;
                }
                price = rs.getDouble(1);
            }
            int stockQuantity;
            String distInfo;
            noStock.setInt(1, item);
            noStock.setInt(2, supply);
            try (ResultSet rs = noStock.executeQuery()) {
                if (!rs.next()) {
                    throw new SQLException("stock w=" + supply + " i=" + item + " not found");
                }
                stockQuantity = rs.getInt(1);
                distInfo = rs.getString(2 + d);
            }
            stockQuantity = stockQuantity - quantity >= 10 ? stockQuantity - quantity : stockQuantity - quantity + 91;
            noUpdateStock.setInt(1, stockQuantity);
            noUpdateStock.setInt(2, quantity);
            noUpdateStock.setInt(3, supply == w ? 0 : 1);
            noUpdateStock.setInt(4, item);
            noUpdateStock.setInt(5, supply);
            noUpdateStock.addBatch();

            noInsertLine.setInt(1, orderId);
            noInsertLine.setInt(2, d);
            noInsertLine.setInt(3, w);
            noInsertLine.setInt(4, i + 1);
            noInsertLine.setInt(5, item);
            noInsertLine.setInt(6, supply);
            noInsertLine.setInt(7, quantity);
            noInsertLine.setDouble(8, quantity * price);
            noInsertLine.setString(9, distInfo);
            noInsertLine.addBatch();
        }
        noInsertLine.executeBatch();
        noInsertLine.clearBatch();
        noUpdateStock.executeBatch();
        noUpdateStock.clearBatch();
    }

    /** Spec 2.5: 85 % home customer, 15 % remote; 60 % selected by last name. */
    void payment(Terminal t, TpccRandom r) throws SQLException {
        int w = t.warehouse();
        int d = t.district(r);
        int customerWarehouse = w;
        int customerDistrict = d;
        if (r.uniform(1, 100) > 85) {
            customerDistrict = r.uniform(1, TpccLoader.DISTRICTS);
            customerWarehouse = t.remoteWarehouse(r);
        }
        boolean byName = r.uniform(1, 100) <= 60;
        BigDecimal amount = BigDecimal.valueOf(r.uniform(100, 500_000), 2);

        payUpdateWarehouse.setBigDecimal(1, amount);
        payUpdateWarehouse.setInt(2, w);
        if (payUpdateWarehouse.executeUpdate() == 0) {
            throw new SQLException("warehouse " + w + " not found");
        }
        String warehouseName;
        payWarehouse.setInt(1, w);
        try (ResultSet rs = payWarehouse.executeQuery()) {
            if (!rs.next()) {
                throw new SQLException("warehouse " + w + " not found");
            }
            warehouseName = rs.getString(6);
        }
        payUpdateDistrict.setBigDecimal(1, amount);
        payUpdateDistrict.setInt(2, w);
        payUpdateDistrict.setInt(3, d);
        if (payUpdateDistrict.executeUpdate() == 0) {
            throw new SQLException("district w=" + w + " d=" + d + " not found");
        }
        String districtName;
        payDistrict.setInt(1, w);
        payDistrict.setInt(2, d);
        try (ResultSet rs = payDistrict.executeQuery()) {
            if (!rs.next()) {
                throw new SQLException("district w=" + w + " d=" + d + " not found");
            }
            districtName = rs.getString(6);
        }

        PreparedStatement find = byName ? payCustomersByName : payCustomerById;
        find.setInt(1, customerWarehouse);
        find.setInt(2, customerDistrict);
        if (byName) {
            find.setString(3, r.lastNameForRun());
        } else {
            find.setInt(3, r.customerId());
        }
        int customerId;
        String credit;
        BigDecimal balance;
        double ytd;
        int payments;
        try (ResultSet rs = find.executeQuery()) {
            if (!middleRow(rs, byName)) {
                throw new SQLException("customer not found in w=" + customerWarehouse + " d=" + customerDistrict);
            }
            credit = rs.getString(10);
            balance = rs.getBigDecimal(13).subtract(amount);
            ytd = rs.getDouble(14) + amount.doubleValue();
            payments = rs.getInt(15) + 1;
            customerId = rs.getInt(17);
        }
        if ("BC".equals(credit)) {
            String data;
            payCustomerData.setInt(1, customerWarehouse);
            payCustomerData.setInt(2, customerDistrict);
            payCustomerData.setInt(3, customerId);
            try (ResultSet rs = payCustomerData.executeQuery()) {
                if (!rs.next()) {
                    throw new SQLException("customer data not found");
                }
                data = rs.getString(1);
            }
            data = customerId + " " + customerDistrict + " " + customerWarehouse + " " + d + " " + w + " "
                    + amount + " | " + data;
            if (data.length() > 500) {
                data = data.substring(0, 500);
            }
            payUpdateCustomerData.setBigDecimal(1, balance);
            payUpdateCustomerData.setDouble(2, ytd);
            payUpdateCustomerData.setInt(3, payments);
            payUpdateCustomerData.setString(4, data);
            payUpdateCustomerData.setInt(5, customerWarehouse);
            payUpdateCustomerData.setInt(6, customerDistrict);
            payUpdateCustomerData.setInt(7, customerId);
            payUpdateCustomerData.executeUpdate();
        } else {
            payUpdateCustomer.setBigDecimal(1, balance);
            payUpdateCustomer.setDouble(2, ytd);
            payUpdateCustomer.setInt(3, payments);
            payUpdateCustomer.setInt(4, customerWarehouse);
            payUpdateCustomer.setInt(5, customerDistrict);
            payUpdateCustomer.setInt(6, customerId);
            payUpdateCustomer.executeUpdate();
        }
        if (warehouseName.length() > 10) {
            warehouseName = warehouseName.substring(0, 10);
        }
        if (districtName.length() > 10) {
            districtName = districtName.substring(0, 10);
        }
        payInsertHistory.setInt(1, customerDistrict);
        payInsertHistory.setInt(2, customerWarehouse);
        payInsertHistory.setInt(3, customerId);
        payInsertHistory.setInt(4, d);
        payInsertHistory.setInt(5, w);
        payInsertHistory.setTimestamp(6, new Timestamp(System.currentTimeMillis()));
        payInsertHistory.setBigDecimal(7, amount);
        payInsertHistory.setString(8, warehouseName + "    " + districtName);
        payInsertHistory.executeUpdate();
    }

    /** Spec 2.6: read-only; 60 % by last name. */
    void orderStatus(Terminal t, TpccRandom r) throws SQLException {
        int w = t.warehouse();
        int d = t.district(r);
        boolean byName = r.uniform(1, 100) <= 60;
        PreparedStatement find = byName ? osCustomersByName : osCustomerById;
        find.setInt(1, w);
        find.setInt(2, d);
        if (byName) {
            find.setString(3, r.lastNameForRun());
        } else {
            find.setInt(3, r.customerId());
        }
        int customerId;
        try (ResultSet rs = find.executeQuery()) {
            if (!middleRow(rs, byName)) {
                throw new SQLException("customer not found in w=" + w + " d=" + d);
            }
            customerId = rs.getInt(5);
        }
        int orderId;
        osLastOrder.setInt(1, w);
        osLastOrder.setInt(2, d);
        osLastOrder.setInt(3, customerId);
        try (ResultSet rs = osLastOrder.executeQuery()) {
            if (!rs.next()) {
                throw new SQLException("no order for customer w=" + w + " d=" + d + " c=" + customerId);
            }
            orderId = rs.getInt(1);
        }
        osLines.setInt(1, orderId);
        osLines.setInt(2, d);
        osLines.setInt(3, w);
        try (ResultSet rs = osLines.executeQuery()) {
            while (rs.next()) {
                rs.getInt(1);
            }
        }
    }

    /** Spec 2.7: delivers the oldest undelivered order of each of the warehouse's 10 districts. */
    void delivery(Terminal t, TpccRandom r) throws SQLException, UserAbort {
        int w = t.warehouse();
        int carrier = r.uniform(1, 10);
        Timestamp now = new Timestamp(System.currentTimeMillis());
        for (int d = 1; d <= TpccLoader.DISTRICTS; d++) {
            int orderId;
            dlNewOrder.setInt(1, d);
            dlNewOrder.setInt(2, w);
            try (ResultSet rs = dlNewOrder.executeQuery()) {
                if (!rs.next()) {
                    continue;
                }
                orderId = rs.getInt(1);
            }
            dlDeleteNewOrder.setInt(1, orderId);
            dlDeleteNewOrder.setInt(2, d);
            dlDeleteNewOrder.setInt(3, w);
            if (dlDeleteNewOrder.executeUpdate() != 1) {
                // Another terminal delivered it first (possible below SERIALIZABLE); BenchBase aborts here.
                throw UserAbort.INSTANCE;
            }
            int customerId;
            dlCustomerId.setInt(1, orderId);
            dlCustomerId.setInt(2, d);
            dlCustomerId.setInt(3, w);
            try (ResultSet rs = dlCustomerId.executeQuery()) {
                if (!rs.next()) {
                    throw new SQLException("order w=" + w + " d=" + d + " o=" + orderId + " not found");
                }
                customerId = rs.getInt(1);
            }
            dlUpdateCarrier.setInt(1, carrier);
            dlUpdateCarrier.setInt(2, orderId);
            dlUpdateCarrier.setInt(3, d);
            dlUpdateCarrier.setInt(4, w);
            dlUpdateCarrier.executeUpdate();
            dlUpdateLines.setTimestamp(1, now);
            dlUpdateLines.setInt(2, orderId);
            dlUpdateLines.setInt(3, d);
            dlUpdateLines.setInt(4, w);
            dlUpdateLines.executeUpdate();
            BigDecimal total;
            dlSumLines.setInt(1, orderId);
            dlSumLines.setInt(2, d);
            dlSumLines.setInt(3, w);
            try (ResultSet rs = dlSumLines.executeQuery()) {
                rs.next();
                total = rs.getBigDecimal(1);
            }
            dlUpdateCustomer.setBigDecimal(1, total == null ? BigDecimal.ZERO : total);
            dlUpdateCustomer.setInt(2, w);
            dlUpdateCustomer.setInt(3, d);
            dlUpdateCustomer.setInt(4, customerId);
            dlUpdateCustomer.executeUpdate();
        }
    }

    /** Spec 2.8: distinct items of the district's last 20 orders whose stock is below a threshold. */
    void stockLevel(Terminal t, TpccRandom r) throws SQLException {
        int w = t.warehouse();
        int d = t.district(r);
        int threshold = r.uniform(10, 20);
        int next;
        slNextOrder.setInt(1, w);
        slNextOrder.setInt(2, d);
        try (ResultSet rs = slNextOrder.executeQuery()) {
            if (!rs.next()) {
                throw new SQLException("district w=" + w + " d=" + d + " not found");
            }
            next = rs.getInt(1);
        }
        slCount.setInt(1, w);
        slCount.setInt(2, d);
        slCount.setInt(3, next);
        slCount.setInt(4, next - 20);
        slCount.setInt(5, w);
        slCount.setInt(6, threshold);
        try (ResultSet rs = slCount.executeQuery()) {
            rs.next();
        }
    }

    /** By-name lookups count the matches, then step back to the middle one. */
    private static PreparedStatement scrollable(Connection c, String sql) throws SQLException {
        return c.prepareStatement(sql, ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_READ_ONLY);
    }

    /** Positions {@code rs} on the customer to use: the only row by id, the middle one (n/2 rounded up) by name. */
    private static boolean middleRow(ResultSet rs, boolean byName) throws SQLException {
        if (!byName) {
            return rs.next();
        }
        int n = 0;
        while (rs.next()) {
            n++;
        }
        if (n == 0) {
            return false;
        }
        return rs.absolute((n + 1) / 2);
    }

    @Override
    public void close() throws SQLException {
        c.close();
    }
}
