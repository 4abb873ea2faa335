package org.pgknobs.workload.insertbench;

import java.util.List;

/**
 * Table and index DDL of the insert benchmark (iibench.py's create_table_postgres / create_index_postgres):
 * one table per client, PK on a bigserial with a sequence cache of 1000, secondary indexes per variant.
 */
public final class InsertBenchSchema {

    /** A secondary index: name suffix and key columns in order. */
    record Index(String suffix, List<String> columns) {
    }

    static final String COLUMNS = "dateandtime,cashregisterid,customerid,productid,price,data";

    private InsertBenchSchema() {
    }

    /** Client numbers start at 1, as his table names do (pi1, pi2, ...). */
    public static String table(int client) {
        return "pi" + client;
    }

    static String createTable(int client, InsertBenchVariant variant) {
        return "create table " + table(client) + " ( transactionid bigserial primary key, "
                + "dateandtime timestamp without time zone, cashregisterid int not null, "
                + "customerid int not null, productid int not null, price " + variant.priceType() + " not null, "
                + "data varchar(4000)  )  ";
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
                + " (" + String.join(", ", index.columns()) + ") ";
    }

    /** The head of his multi-row INSERT; the value tuples follow, joined by ",\n". */
    static String insertHead(int client) {
        return "insert into " + table(client) + " (" + COLUMNS + ") values ";
    }
}
