package org.pgknobs.workload.insertbench;

import java.util.List;

/**
 * iibench.py's read shapes as server-side prepared statements (np.sh passes --use_prepared_query for
 * Postgres): one range query per secondary index, and the 10-id point query on the PK (current only).
 * {@code %1$s} is the table, {@code %2$s} the variant's parameter type of the range key.
 */
enum QueryShape {
    MARKET("market_query_ps", RowGenerator.PRODUCTS),
    REGISTER("register_query_ps", RowGenerator.CASH_REGISTERS),
    PDC("pdc_query_ps", RowGenerator.MAX_PRICE),
    POINT("pk_query_ps", 0);

    /** Ids per point query, rows per range query (his rows_per_query). */
    static final int ROWS_PER_QUERY = 10;
    /** His query_generators order; a query picks one uniformly. */
    static final List<QueryShape> RANGE = List.of(MARKET, REGISTER, PDC);

    private final String statementName;
    private final int keyBound;

    QueryShape(String statementName, int keyBound) {
        this.statementName = statementName;
        this.keyBound = keyBound;
    }

    String statementName() {
        return statementName;
    }

    /** His PREPARE text for this shape, variant and table. */
    String prepare(InsertBenchVariant variant, int client) {
        return "PREPARE " + statementName + " (" + parameterTypes(variant) + ") as " + sql(variant, client);
    }

    /** The prepared query itself, {@code $1 ...} for its parameters (what EXPLAIN and pg_stat_statements see). */
    String sql(InsertBenchVariant variant, int client) {
        String t = InsertBenchSchema.table(client);
        boolean now = variant == InsertBenchVariant.CURRENT;
        return switch (this) {
            case MARKET -> now
                    ? "SELECT productid, customerid, price FROM " + t
                            + " WHERE (productid >= $1) ORDER BY productid, customerid, price LIMIT " + ROWS_PER_QUERY
                    : "SELECT price, customerid FROM " + t
                            + " WHERE (price >= $1) ORDER BY price, customerid LIMIT " + ROWS_PER_QUERY;
            case REGISTER -> now
                    ? "SELECT cashregisterid, customerid, price FROM " + t
                            + " WHERE (cashregisterid > $1) ORDER BY cashregisterid, customerid, price LIMIT " + ROWS_PER_QUERY
                    : "SELECT cashregisterid, price, customerid FROM " + t
                            + " WHERE (cashregisterid > $1) ORDER BY cashregisterid, price, customerid LIMIT " + ROWS_PER_QUERY;
            case PDC -> "SELECT price, dateandtime, customerid FROM "
                    + t + " WHERE (price >= $1) ORDER BY price, dateandtime, customerid LIMIT " + ROWS_PER_QUERY;
            case POINT -> "SELECT transactionid, productid, data FROM " + t + " WHERE transactionid in ("
                    + String.join(",", java.util.stream.IntStream.rangeClosed(1, ROWS_PER_QUERY).mapToObj(i -> "$" + i).toList())
                    + ")";
        };
    }

    private String parameterTypes(InsertBenchVariant variant) {
        boolean now = variant == InsertBenchVariant.CURRENT;
        return switch (this) {
            case MARKET, PDC -> now ? "int" : "real";
            case REGISTER -> "int";
            case POINT -> String.join(",", java.util.Collections.nCopies(ROWS_PER_QUERY, "int"));
        };
    }

    /** Exclusive upper bound of the random start key of a current-variant range query. */
    int keyBound() {
        return keyBound;
    }
}
