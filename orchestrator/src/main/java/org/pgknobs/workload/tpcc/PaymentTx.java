package org.pgknobs.workload.tpcc;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;

/**
 * TPC-C Payment (spec 2.5) as BenchBase's Payment.java: warehouse update then read, district update then
 * read, and only then the customer draw (85 % home district, 15 % a random district of another
 * warehouse; 60 % by last name), balance update (with c_data for bad credit), history insert. No
 * statement takes FOR UPDATE; the UPDATEs lock. The amount is a float, as in BenchBase.
 */
final class PaymentTx {

    private final PreparedStatement updateWarehouse, warehouse, updateDistrict, district;
    private final CustomerLookup customers;
    private final PreparedStatement customerData, updateCustomerData, updateCustomer, insertHistory;

    PaymentTx(Connection c) throws SQLException {
        updateWarehouse = c.prepareStatement(TpccSql.PAYMENT_UPDATE_WHSE.sql());
        warehouse = c.prepareStatement(TpccSql.PAYMENT_GET_WHSE.sql());
        updateDistrict = c.prepareStatement(TpccSql.PAYMENT_UPDATE_DIST.sql());
        district = c.prepareStatement(TpccSql.PAYMENT_GET_DIST.sql());
        customers = new CustomerLookup(c);
        customerData = c.prepareStatement(TpccSql.PAYMENT_GET_CUST_CDATA.sql());
        updateCustomerData = c.prepareStatement(TpccSql.PAYMENT_UPDATE_CUST_BAL_CDATA.sql());
        updateCustomer = c.prepareStatement(TpccSql.PAYMENT_UPDATE_CUST_BAL.sql());
        insertHistory = c.prepareStatement(TpccSql.PAYMENT_INSERT_HIST.sql());
    }

    void run(Terminal t, TpccRandom r) throws SQLException {
        int w = t.warehouse();
        int d = t.district(r);
        float amount = (float) (r.uniform(100, 500_000) / 100.0);
        BigDecimal ytdDelta = BigDecimal.valueOf(amount);

        updateWarehouse.setBigDecimal(1, ytdDelta);
        updateWarehouse.setInt(2, w);
        if (updateWarehouse.executeUpdate() == 0) {
            throw new SQLException("warehouse " + w + " not found");
        }
        String warehouseName = name(warehouse, "warehouse " + w, w);
        updateDistrict.setBigDecimal(1, ytdDelta);
        updateDistrict.setInt(2, w);
        updateDistrict.setInt(3, d);
        if (updateDistrict.executeUpdate() == 0) {
            throw new SQLException("district w=" + w + " d=" + d + " not found");
        }
        String districtName = name(district, "district w=" + w + " d=" + d, w, d);

        boolean home = r.uniform(1, 100) <= 85;
        int customerDistrict = home ? d : r.uniform(1, TpccLoader.DISTRICTS);
        int customerWarehouse = home ? w : t.remoteWarehouse(r);
        int customerId;
        String credit;
        float balance;
        float ytd;
        int payments;
        try (ResultSet rs = customers.find(customerWarehouse, customerDistrict, r)) {
            credit = rs.getString(CustomerLookup.CREDIT);
            balance = rs.getFloat(CustomerLookup.BALANCE) - amount;
            ytd = rs.getFloat(CustomerLookup.YTD_PAYMENT) + amount;
            payments = rs.getInt(CustomerLookup.PAYMENT_CNT) + 1;
            customerId = rs.getInt(CustomerLookup.ID);
        }
        if ("BC".equals(credit)) {
            String data;
            Procedures.set(customerData, customerWarehouse, customerDistrict, customerId);
            try (ResultSet rs = customerData.executeQuery()) {
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
            updateCustomerData.setString(4, data);
            updateBalance(updateCustomerData, balance, ytd, payments, 5, customerWarehouse, customerDistrict, customerId);
        } else {
            updateBalance(updateCustomer, balance, ytd, payments, 4, customerWarehouse, customerDistrict, customerId);
        }
        Procedures.set(insertHistory, customerDistrict, customerWarehouse, customerId, d, w);
        insertHistory.setTimestamp(6, new Timestamp(System.currentTimeMillis()));
        insertHistory.setDouble(7, amount);
        insertHistory.setString(8, truncate(warehouseName) + "    " + truncate(districtName));
        insertHistory.executeUpdate();
    }

    /** Binds BenchBase's float balance figures (as doubles) and the customer key from parameter {@code keyAt}, and runs it. */
    private static void updateBalance(PreparedStatement s, float balance, float ytd, int payments, int keyAt, int w, int d,
                                      int id) throws SQLException {
        s.setDouble(1, balance);
        s.setDouble(2, ytd);
        s.setInt(3, payments);
        s.setInt(keyAt, w);
        s.setInt(keyAt + 1, d);
        s.setInt(keyAt + 2, id);
        s.executeUpdate();
    }

    /** Reads an address row and returns its name (last column). */
    private static String name(PreparedStatement s, String what, int... key) throws SQLException {
        Procedures.set(s, key);
        try (ResultSet rs = s.executeQuery()) {
            if (!rs.next()) {
                throw new SQLException(what + " not found");
            }
            return rs.getString(6);
        }
    }

    private static String truncate(String name) {
        return name.length() > 10 ? name.substring(0, 10) : name;
    }
}
