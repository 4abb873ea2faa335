package org.pgknobs.workload.tpcc;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * What BenchBase's TPCCLoader (cmu-db/benchbase main d2ff90f5) puts in each column of one freshly loaded
 * warehouse, written from reading that loader, checked column by column: min, max, null count, and
 * distinct counts or exact counts where the loader fixes them. BenchBase's randomStr(n) returns n - 1
 * lower-case letters, so its "10..20 character" streets are 9..19 long; those lengths are BenchBase's.
 */
final class LoadedDataFacts {

    private LoadedDataFacts() {
    }

    /**
     * o_ol_cnt of orders 1..10 of warehouse 1 district 1 and the sums over warehouse 1, computed with
     * BenchBase's own TPCCLoader.getRandomCount (java.util.Random seeded by a Customer POJO's hash) from its
     * jar: these do not depend on the load's random generator, so every load has them.
     */
    static final List<Integer> FIRST_LINE_COUNTS = List.of(8, 11, 15, 9, 14, 15, 9, 14, 15, 9);
    static final long ORDER_LINES_W1 = 300_040;
    static final long UNDELIVERED_LINES_W1 = 90_171;

    /** Asserts every fact for warehouse 1 of the database {@code c} is connected to. */
    static void assertWarehouseOne(Connection c) throws SQLException {
        List<String> failures = new ArrayList<>();
        // table, expression, min, max, nulls. "~min": min and max only bound the column (too few rows, or
        // too many possible values, for the extremes to be certain); otherwise they are exact.
        String[][] columns = {
                {"item", "i_id", "1", "100000", "0"},
                {"item", "length(i_name)", "13", "23", "0"},
                {"item", "i_price", "~1.00", "100.00", "0"},
                {"item", "i_im_id", "~1", "10000", "0"},
                {"item", "length(i_data)", "22", "49", "0"},
                {"warehouse", "w_ytd", "300000.00", "300000.00", "0"},
                {"warehouse", "w_tax", "~0.0000", "0.2000", "0"},
                {"warehouse", "length(w_name)", "~5", "9", "0"},
                {"warehouse", "w_zip", "123456789", "123456789", "0"},
                {"district", "d_id", "1", "10", "0"},
                {"district", "d_ytd", "30000.00", "30000.00", "0"},
                {"district", "d_next_o_id", "3001", "3001", "0"},
                {"district", "d_zip", "123456789", "123456789", "0"},
                {"district", "length(d_street_1)", "~9", "19", "0"},
                {"district", "d_tax", "~0.0000", "0.2000", "0"},
                {"customer", "c_id", "1", "3000", "0"},
                {"customer", "c_discount", "~0.0001", "0.5000", "0"},
                {"customer", "c_credit_lim", "50000.00", "50000.00", "0"},
                {"customer", "c_balance", "-10.00", "-10.00", "0"},
                {"customer", "c_ytd_payment", "10", "10", "0"},
                {"customer", "c_payment_cnt", "1", "1", "0"},
                {"customer", "c_delivery_cnt", "0", "0", "0"},
                {"customer", "c_middle", "OE", "OE", "0"},
                {"customer", "length(c_first)", "7", "15", "0"},
                {"customer", "length(c_street_1)", "9", "19", "0"},
                {"customer", "length(c_city)", "9", "19", "0"},
                {"customer", "length(c_data)", "299", "499", "0"},
                {"customer", "substr(c_zip, 5)", "11111", "11111", "0"},
                {"customer", "length(c_phone)", "16", "16", "0"},
                {"history", "h_amount", "10.00", "10.00", "0"},
                {"history", "length(h_data)", "9", "23", "0"},
                {"oorder", "o_id", "1", "3000", "0"},
                {"oorder", "o_carrier_id", "1", "10", "9000"},
                {"oorder", "o_ol_cnt", "5", "15", "0"},
                {"oorder", "o_all_local", "1", "1", "0"},
                {"new_order", "no_o_id", "2101", "3000", "0"},
                {"order_line", "ol_number", "1", "15", "0"},
                {"order_line", "ol_i_id", "~1", "100000", "0"},
                {"order_line", "ol_supply_w_id", "1", "1", "0"},
                {"order_line", "ol_quantity", "5.00", "5.00", "0"},
                {"order_line", "length(ol_dist_info)", "23", "23", "0"},
                {"order_line", "(ol_delivery_d IS NULL)::int", "0", "1", "0"},
                {"stock", "s_quantity", "10", "100", "0"},
                {"stock", "s_ytd", "0.00", "0.00", "0"},
                {"stock", "s_order_cnt", "0", "0", "0"},
                {"stock", "s_remote_cnt", "0", "0", "0"},
                {"stock", "length(s_dist_01)", "23", "23", "0"},
                {"stock", "length(s_dist_10)", "23", "23", "0"},
                {"stock", "length(s_data)", "22", "49", "0"},
        };
        for (String[] col : columns) {
            String sql = "SELECT min(" + col[1] + ")::text, max(" + col[1] + ")::text, count(*) FILTER (WHERE (" + col[1]
                    + ") IS NULL) FROM " + col[0];
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
                rs.next();
                List<String> got = List.of(String.valueOf(rs.getString(1)), String.valueOf(rs.getString(2)), rs.getString(3));
                List<String> want = List.of(col[2], col[3], col[4]);
                boolean ok = col[2].startsWith("~")
                        ? new BigDecimal(got.get(0)).compareTo(new BigDecimal(col[2].substring(1))) >= 0
                                && new BigDecimal(got.get(1)).compareTo(new BigDecimal(col[3])) <= 0 && got.get(2).equals(col[4])
                        : got.equals(want);
                if (!ok) {
                    failures.add(col[0] + "." + col[1] + ": min/max/nulls " + got + ", BenchBase's loader gives " + want);
                }
            }
        }
        assertThat(failures).isEmpty();

        // Exact counts the loader fixes.
        assertThat(scalar(c, "SELECT count(*) FROM oorder WHERE o_carrier_id IS NULL AND o_id < 2101")).isZero();
        assertThat(scalar(c, "SELECT count(*) FROM new_order n JOIN oorder o ON (o_w_id, o_d_id, o_id) = (no_w_id, no_d_id, no_o_id) "
                + "WHERE o_carrier_id IS NULL")).isEqualTo(9_000);
        assertThat(scalar(c, "SELECT count(*) FROM order_line")).isEqualTo(ORDER_LINES_W1);
        assertThat(scalar(c, "SELECT count(*) FROM order_line WHERE ol_delivery_d IS NULL")).isEqualTo(UNDELIVERED_LINES_W1);
        assertThat(scalar(c, "SELECT count(*) FROM order_line WHERE ol_delivery_d IS NULL AND ol_o_id < 2101")).isZero();
        assertThat(scalar(c, "SELECT count(*) FROM order_line WHERE ol_delivery_d IS NOT NULL AND ol_amount <> 0")).isZero();
        assertThat(scalar(c, "SELECT count(*) FROM order_line WHERE ol_delivery_d IS NULL AND ol_amount NOT BETWEEN 0.01 AND 9999.99"))
                .isZero();
        assertThat(scalar(c, "SELECT count(*) FROM oorder o WHERE o_ol_cnt <> (SELECT count(*) FROM order_line "
                + "WHERE (ol_w_id, ol_d_id, ol_o_id) = (o_w_id, o_d_id, o_id))")).isZero();
        List<Integer> first = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT o_ol_cnt FROM oorder WHERE o_w_id = 1 AND o_d_id = 1 AND o_id <= 10 ORDER BY o_id")) {
            while (rs.next()) {
                first.add(rs.getInt(1));
            }
        }
        assertThat(first).isEqualTo(FIRST_LINE_COUNTS);
        // o_c_id: a permutation of 1..3000 in each district.
        assertThat(scalar(c, "SELECT count(*) FROM (SELECT DISTINCT o_d_id, o_c_id FROM oorder) x")).isEqualTo(30_000);
        // History: one row per customer, paid in the customer's own district.
        assertThat(scalar(c, "SELECT count(*) FROM history h JOIN customer ON (c_w_id, c_d_id, c_id) = (h_c_w_id, h_c_d_id, h_c_id) "
                + "WHERE h_d_id = h_c_d_id AND h_w_id = h_c_w_id")).isEqualTo(30_000);
        // Strings are lower-case letters (BenchBase's astring), states two upper-case letters, phones digits.
        assertThat(scalar(c, "SELECT count(*) FROM customer WHERE c_first !~ '^[a-z]+$' OR c_state !~ '^[A-Z]{2}$' "
                + "OR c_phone !~ '^[0-9]{16}$' OR c_zip !~ '^[0-9]{4}11111$'")).isZero();
        assertThat(scalar(c, "SELECT count(*) FROM item WHERE i_name !~ '^[a-z]+$' OR i_data !~ '^[a-z]*(ORIGINAL)?[a-z]*$'")).isZero();
        // Last names: customers 1..1000 from their id (spec 4.3.2.3), the rest NURand(255, 157, 0, 999) names;
        // every district has all 1000 names.
        assertThat(scalar(c, "SELECT min(n) FROM (SELECT count(DISTINCT c_last) n FROM customer GROUP BY c_d_id) x")).isEqualTo(1000);
        assertThat(scalar(c, "SELECT count(*) FROM customer WHERE c_id = 1 AND c_last <> 'BARBARBAR'")).isZero();
        assertThat(scalar(c, "SELECT count(*) FROM customer WHERE c_id = 372 AND c_last <> 'PRICALLYOUGHT'")).isZero();
        assertThat(scalar(c, "SELECT count(*) FROM customer WHERE c_id = 1000 AND c_last <> 'EINGEINGEING'")).isZero();
        // ORIGINAL in about 10 % of i_data and s_data; BC credit in about 10 % of customers (binomial, +-10 sigma).
        assertThat(scalar(c, "SELECT count(*) FROM item WHERE i_data LIKE '%ORIGINAL%'")).isBetween(9_000L, 11_000L);
        assertThat(scalar(c, "SELECT count(*) FROM stock WHERE s_data LIKE '%ORIGINAL%'")).isBetween(9_000L, 11_000L);
        assertThat(scalar(c, "SELECT count(*) FROM customer WHERE c_credit = 'BC'")).isBetween(2_500L, 3_500L);
        assertThat(scalar(c, "SELECT count(*) FROM customer WHERE c_credit NOT IN ('BC', 'GC')")).isZero();
    }

    static long scalar(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
