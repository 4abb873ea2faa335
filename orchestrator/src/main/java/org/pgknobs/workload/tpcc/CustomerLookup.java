package org.pgknobs.workload.tpcc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Payment's and OrderStatus's customer selection (spec 2.5.1.2 / 2.6.1.2), as BenchBase does it: by id
 * (NURand C_ID), or by last name (NURand C_LAST at run time), reading every match ordered by c_first and
 * taking BenchBase's middle one. Columns: those of BenchBase's payGetCustSQL, then c_id ({@link TpccSql.Columns#CUSTOMER}).
 */
final class CustomerLookup {

    static final int CREDIT = 10;
    static final int BALANCE = 13;
    static final int YTD_PAYMENT = 14;
    static final int PAYMENT_CNT = 15;
    static final int ID = 17;

    private final PreparedStatement byId;
    private final PreparedStatement byName;

    CustomerLookup(Connection c) throws SQLException {
        byId = c.prepareStatement(TpccSql.CUSTOMER_BY_ID.sql());
        // Scrollable: count the matches, then step back to the chosen one.
        byName = c.prepareStatement(TpccSql.CUSTOMER_BY_NAME.sql(), ResultSet.TYPE_SCROLL_INSENSITIVE,
                ResultSet.CONCUR_READ_ONLY);
    }

    /** Draws "by name" (60 %) or not, then the name or id; returns the result set on the chosen row. The caller closes it. */
    ResultSet find(int w, int d, TpccRandom r) throws SQLException {
        boolean named = r.uniform(1, 100) <= 60;
        PreparedStatement s = named ? byName : byId;
        Procedures.set(s, w, d);
        if (named) {
            s.setString(3, r.lastNameForRun());
        } else {
            s.setInt(3, r.customerId());
        }
        ResultSet rs = s.executeQuery();
        if (!position(rs, named)) {
            rs.close();
            throw new SQLException("customer not found in w=" + w + " d=" + d);
        }
        return rs;
    }

    /**
     * The only row by id; by name, BenchBase's choice among n matches, index n/2 (minus one when n is even)
     * counted from 0, which is row (n + 1) / 2 counted from 1.
     */
    private static boolean position(ResultSet rs, boolean named) throws SQLException {
        if (!named) {
            return rs.next();
        }
        int n = 0;
        while (rs.next()) {
            n++;
        }
        return n > 0 && rs.absolute((n + 1) / 2);
    }
}
