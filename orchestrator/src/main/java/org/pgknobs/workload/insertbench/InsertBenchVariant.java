package org.pgknobs.workload.insertbench;

import java.util.List;
import java.util.Locale;
import org.pgknobs.BadInputException;

/**
 * Which iibench.py the benchmark follows. {@link #CURRENT}: mdcallag/mytools at e1ba3d9 (bench/ibench
 * iibench.py, iq.sh, np.sh as of 2025-08). {@link #MAY2023}: the code of May-June 2023 (iibench.py 639f5081,
 * unchanged in substance up to 8d12ea6f; iq.sh and np.sh 639f5081), which produced the round-3 tuning posts
 * (config folder pg153.ibench.tuning.c2s30.may23, added 2023-05-23). The two differ in schema, query shapes,
 * delete statement, phases and clean-up; docs/insertbench.md lists each point.
 */
public enum InsertBenchVariant {
    CURRENT,
    MAY2023;

    public static InsertBenchVariant parse(String text, String where) {
        for (InsertBenchVariant v : values()) {
            if (v.yamlName().equals(text.strip().toLowerCase(Locale.ROOT))) {
                return v;
            }
        }
        throw new BadInputException(where + " = " + text + " is invalid: use current or may2023");
    }

    public String yamlName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Secondary indexes in creation order (his create_index_postgres). */
    List<InsertBenchSchema.Index> indexes() {
        return this == CURRENT ? List.of(
                new InsertBenchSchema.Index("marketsegment", List.of("productid", "customerid", "price")),
                new InsertBenchSchema.Index("registersegment", List.of("cashregisterid", "customerid", "price")),
                new InsertBenchSchema.Index("pdc", List.of("price", "dateandtime", "customerid")))
                : List.of(
                new InsertBenchSchema.Index("marketsegment", List.of("price", "customerid")),
                new InsertBenchSchema.Index("registersegment", List.of("cashregisterid", "price", "customerid")),
                new InsertBenchSchema.Index("pdc", List.of("price", "dateandtime", "customerid")));
    }

    /** Column type of price: int today, real in 2023. */
    String priceType() {
        return this == CURRENT ? "int" : "real";
    }

    /** l.i2 (5 rows per commit) exists since 2023-12. */
    boolean hasI2() {
        return this == CURRENT;
    }

    /** Point-query steps (qp*) exist since 2023-08; in 2023 every query step used the range queries. */
    boolean hasPointQueries() {
        return this == CURRENT;
    }

    /**
     * How often the statement maker re-reads min(transactionid): today at the first batch and again whenever
     * its resync counter (--resync_get_min, default 1000) has run down, i.e. every 1001 batches; in 2023 once,
     * when the maker started.
     */
    int resyncGetMin() {
        return this == CURRENT ? 1000 : 0;
    }

    /** His delete of one batch, given the maker's current estimate of the smallest id. */
    String deleteSql(String table, long minId, int rows) {
        return this == CURRENT
                ? "delete from " + table + " where transactionid in (select transactionid from " + table
                        + " where transactionid >= " + minId + " order by transactionid asc limit " + rows + ")"
                : "delete from " + table + " where(transactionid>=" + minId + " and transactionid<"
                        + (minId + rows) + ");";
    }
}
