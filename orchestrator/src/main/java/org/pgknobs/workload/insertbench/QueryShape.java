package org.pgknobs.workload.insertbench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/** The four read shapes of iibench.py: one range query per secondary index, and a 10-id point query on the PK. */
enum QueryShape {
    MARKET("select productid, customerid, price from %s where productid >= ? "
            + "order by productid, customerid, price limit 10", RowGenerator.PRODUCTS),
    REGISTER("select cashregisterid, customerid, price from %s where cashregisterid > ? "
            + "order by cashregisterid, customerid, price limit 10", RowGenerator.CASH_REGISTERS),
    PDC("select price, dateandtime, customerid from %s where price >= ? "
            + "order by price, dateandtime, customerid limit 10", RowGenerator.MAX_PRICE),
    POINT("select transactionid, productid, data from %s where transactionid in (?,?,?,?,?,?,?,?,?,?)", 0);

    /** Ids per point query, rows per range query. */
    static final int ROWS_PER_QUERY = 10;

    private final String template;
    private final int keyBound;

    QueryShape(String template, int keyBound) {
        this.template = template;
        this.keyBound = keyBound;
    }

    String sql(int client) {
        return template.formatted(InsertBenchSchema.table(client));
    }

    PreparedStatement prepare(Connection c, int client) throws SQLException {
        return c.prepareStatement(sql(client));
    }

    /** Exclusive upper bound of the random start key of a range query. */
    int keyBound() {
        return keyBound;
    }

    static final QueryShape[] RANGE = {MARKET, REGISTER, PDC};
}
