package org.pgknobs.workload.insertbench;

import java.util.List;

/**
 * Table and index DDL of the insert benchmark (iibench.py's Postgres shape): one table per client, PK on a
 * bigserial, three secondary indexes that each query shape can read in index order.
 */
final class InsertBenchSchema {

    /** A secondary index: name suffix and key columns in order. */
    record Index(String suffix, List<String> columns) {
    }

    static final List<Index> SECONDARY_INDEXES = List.of(
            new Index("marketsegment", List.of("productid", "customerid", "price")),
            new Index("registersegment", List.of("cashregisterid", "customerid", "price")),
            new Index("pdc", List.of("price", "dateandtime", "customerid")));

    static final String COLUMNS = "dateandtime, cashregisterid, customerid, productid, price, data";

    private InsertBenchSchema() {
    }

    /** Client numbers start at 1, as his table names do (pi1, pi2, ...). */
    static String table(int client) {
        return "pi" + client;
    }

    static String createTable(int client) {
        return "create table " + table(client) + " (transactionid bigserial primary key, "
                + "dateandtime timestamp without time zone, cashregisterid int not null, "
                + "customerid int not null, productid int not null, price int not null, data varchar(4000))";
    }

    /** A sequence cache as in iibench.py: fewer sequence WAL records per insert. */
    static String sequenceCache(int client) {
        return "alter sequence " + table(client) + "_transactionid_seq cache 1000";
    }

    static String dropTable(int client) {
        return "drop table if exists " + table(client);
    }

    static String createIndex(int client, Index index) {
        return "create index " + table(client) + "_" + index.suffix() + " on " + table(client)
                + " (" + String.join(", ", index.columns()) + ")";
    }

    /** One multi-row INSERT with {@code rows} value tuples of 6 parameters each. */
    static String insert(int client, int rows) {
        StringBuilder sql = new StringBuilder("insert into ").append(table(client))
                .append(" (").append(COLUMNS).append(") values ");
        for (int i = 0; i < rows; i++) {
            sql.append(i == 0 ? "" : ",").append("(?,?,?,?,?,?)");
        }
        return sql.toString();
    }

    /**
     * Deletes the {@code ?2} oldest rows at or above id {@code ?1} (the current minimum) and returns how many
     * went. iibench.py deletes the id range [min, min + n); selecting by LIMIT keeps the count exact where
     * the sequence cache left gaps, with the same range predicate for the planner to estimate.
     */
    static String deleteOldest(int client) {
        String t = table(client);
        return "with d as (delete from " + t + " where transactionid in (select transactionid from " + t
                + " where transactionid >= ? order by transactionid limit ?) returning 1) select count(*) from d";
    }
}
