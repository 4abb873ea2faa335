package org.pgknobs.workload.tpcc;

import java.math.BigDecimal;
import java.sql.Timestamp;
import java.util.List;
import java.util.function.Function;

/**
 * Every statement of the five transactions, in one place: the transactions prepare them from here and the
 * plan capture explains them from here, so the two cannot drift apart. Names are BenchBase's SQLStmt fields
 * (stmtGetStockSQL → NewOrder.getStock); the customer lookups, shared by Payment and OrderStatus, are
 * Customer.*. Each carries a draw of its parameters the way the transactions draw them, for servers without
 * GENERIC_PLAN.
 */
enum TpccSql {
    NEW_ORDER_GET_CUST("NewOrder.getCust",
            "SELECT c_discount, c_last, c_credit FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?",
            x -> List.of(x.w(), x.d(), x.r().customerId())),
    NEW_ORDER_GET_WHSE("NewOrder.getWhse", "SELECT w_tax FROM warehouse WHERE w_id = ?", x -> List.of(x.w())),
    NEW_ORDER_GET_DIST("NewOrder.getDist",
            "SELECT d_next_o_id, d_tax FROM district WHERE d_w_id = ? AND d_id = ? FOR UPDATE",
            x -> List.of(x.w(), x.d())),
    NEW_ORDER_UPDATE_DIST("NewOrder.updateDist",
            "UPDATE district SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = ? AND d_id = ?",
            x -> List.of(x.w(), x.d())),
    NEW_ORDER_INSERT_OORDER("NewOrder.insertOOrder",
            "INSERT INTO oorder (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_ol_cnt, o_all_local) VALUES (?, ?, ?, ?, ?, ?, ?)",
            x -> List.of(x.nextOrder(), x.d(), x.w(), x.r().customerId(), x.now(), x.r().uniform(5, 15), 1)),
    NEW_ORDER_INSERT_NEW_ORDER("NewOrder.insertNewOrder", "INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES (?, ?, ?)",
            x -> List.of(x.nextOrder(), x.d(), x.w())),
    NEW_ORDER_GET_ITEM("NewOrder.getItem", "SELECT i_price, i_name, i_data FROM item WHERE i_id = ?",
            x -> List.of(x.r().itemId())),
    NEW_ORDER_GET_STOCK("NewOrder.getStock", "SELECT s_quantity, s_data, s_dist_01, s_dist_02, s_dist_03, s_dist_04, "
            + "s_dist_05, s_dist_06, s_dist_07, s_dist_08, s_dist_09, s_dist_10 FROM stock WHERE s_i_id = ? AND s_w_id = ? FOR UPDATE",
            x -> List.of(x.r().itemId(), x.w())),
    NEW_ORDER_UPDATE_STOCK("NewOrder.updateStock", "UPDATE stock SET s_quantity = ?, s_ytd = s_ytd + ?, "
            + "s_order_cnt = s_order_cnt + 1, s_remote_cnt = s_remote_cnt + ? WHERE s_i_id = ? AND s_w_id = ?",
            x -> List.of(x.r().uniform(10, 100), x.r().uniform(1, 10), 0, x.r().itemId(), x.w())),
    NEW_ORDER_INSERT_ORDER_LINE("NewOrder.insertOrderLine", "INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, "
            + "ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            x -> List.of(x.nextOrder(), x.d(), x.w(), 1, x.r().itemId(), x.w(), 5, 12.5, "abcdefghijklmnopqrstuvwx")),

    PAYMENT_UPDATE_WHSE("Payment.updateWhse", "UPDATE warehouse SET w_ytd = w_ytd + ? WHERE w_id = ?",
            x -> List.of(x.amount(), x.w())),
    PAYMENT_GET_WHSE("Payment.getWhse",
            "SELECT w_street_1, w_street_2, w_city, w_state, w_zip, w_name FROM warehouse WHERE w_id = ?",
            x -> List.of(x.w())),
    PAYMENT_UPDATE_DIST("Payment.updateDist", "UPDATE district SET d_ytd = d_ytd + ? WHERE d_w_id = ? AND d_id = ?",
            x -> List.of(x.amount(), x.w(), x.d())),
    PAYMENT_GET_DIST("Payment.getDist", "SELECT d_street_1, d_street_2, d_city, d_state, d_zip, d_name FROM district "
            + "WHERE d_w_id = ? AND d_id = ?", x -> List.of(x.w(), x.d())),
    PAYMENT_GET_CUST_CDATA("Payment.getCustCdata", "SELECT c_data FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?",
            x -> List.of(x.w(), x.d(), x.r().customerId())),
    PAYMENT_UPDATE_CUST_BAL_CDATA("Payment.updateCustBalCdata", "UPDATE customer SET c_balance = ?, c_ytd_payment = ?, "
            + "c_payment_cnt = ?, c_data = ? WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?",
            x -> List.of(-10.0, 10.0, 1, "data", x.w(), x.d(), x.r().customerId())),
    PAYMENT_UPDATE_CUST_BAL("Payment.updateCustBal", "UPDATE customer SET c_balance = ?, c_ytd_payment = ?, c_payment_cnt = ? "
            + "WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?",
            x -> List.of(-10.0, 10.0, 1, x.w(), x.d(), x.r().customerId())),
    PAYMENT_INSERT_HIST("Payment.insertHist", "INSERT INTO history (h_c_d_id, h_c_w_id, h_c_id, h_d_id, h_w_id, h_date, "
            + "h_amount, h_data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            x -> List.of(x.d(), x.w(), x.r().customerId(), x.d(), x.w(), x.now(), 10.0, "warehouse    district")),

    CUSTOMER_BY_ID("Customer.byId", "SELECT " + Columns.CUSTOMER + " FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?",
            x -> List.of(x.w(), x.d(), x.r().customerId())),
    CUSTOMER_BY_NAME("Customer.byName", "SELECT " + Columns.CUSTOMER
            + " FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_last = ? ORDER BY c_first",
            x -> List.of(x.w(), x.d(), x.r().lastNameForRun())),

    ORDER_STATUS_GET_NEWEST_ORD("OrderStatus.getNewestOrd", "SELECT o_id, o_carrier_id, o_entry_d FROM oorder "
            + "WHERE o_w_id = ? AND o_d_id = ? AND o_c_id = ? ORDER BY o_id DESC LIMIT 1",
            x -> List.of(x.w(), x.d(), x.r().customerId())),
    ORDER_STATUS_GET_ORDER_LINES("OrderStatus.getOrderLines", "SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, "
            + "ol_delivery_d FROM order_line WHERE ol_o_id = ? AND ol_d_id = ? AND ol_w_id = ?",
            x -> List.of(x.order(), x.d(), x.w())),

    DELIVERY_GET_ORDER_ID("Delivery.getOrderId",
            "SELECT no_o_id FROM new_order WHERE no_d_id = ? AND no_w_id = ? ORDER BY no_o_id ASC LIMIT 1",
            x -> List.of(x.d(), x.w())),
    DELIVERY_DELETE_NEW_ORDER("Delivery.deleteNewOrder", "DELETE FROM new_order WHERE no_o_id = ? AND no_d_id = ? AND no_w_id = ?",
            x -> List.of(x.newOrder(), x.d(), x.w())),
    DELIVERY_GET_CUST_ID("Delivery.getCustId", "SELECT o_c_id FROM oorder WHERE o_id = ? AND o_d_id = ? AND o_w_id = ?",
            x -> List.of(x.newOrder(), x.d(), x.w())),
    DELIVERY_UPDATE_CARRIER_ID("Delivery.updateCarrierId",
            "UPDATE oorder SET o_carrier_id = ? WHERE o_id = ? AND o_d_id = ? AND o_w_id = ?",
            x -> List.of(x.r().uniform(1, 10), x.newOrder(), x.d(), x.w())),
    DELIVERY_UPDATE_DELIVERY_DATE("Delivery.updateDeliveryDate",
            "UPDATE order_line SET ol_delivery_d = ? WHERE ol_o_id = ? AND ol_d_id = ? AND ol_w_id = ?",
            x -> List.of(x.now(), x.newOrder(), x.d(), x.w())),
    DELIVERY_SUM_ORDER_AMOUNT("Delivery.sumOrderAmount",
            "SELECT SUM(ol_amount) AS ol_total FROM order_line WHERE ol_o_id = ? AND ol_d_id = ? AND ol_w_id = ?",
            x -> List.of(x.newOrder(), x.d(), x.w())),
    DELIVERY_UPDATE_CUST_BAL_DELIV_CNT("Delivery.updateCustBalDelivCnt", "UPDATE customer SET c_balance = c_balance + ?, "
            + "c_delivery_cnt = c_delivery_cnt + 1 WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?",
            x -> List.of(x.amount(), x.w(), x.d(), x.r().customerId())),

    STOCK_LEVEL_GET_ORDER_ID("StockLevel.getOrderId", "SELECT d_next_o_id FROM district WHERE d_w_id = ? AND d_id = ?",
            x -> List.of(x.w(), x.d())),
    STOCK_LEVEL_GET_STOCK_COUNT("StockLevel.getStockCount", "SELECT COUNT(DISTINCT (s_i_id)) AS stock_count FROM order_line, "
            + "stock WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id < ? AND ol_o_id >= ? AND s_w_id = ? AND s_i_id = ol_i_id "
            + "AND s_quantity < ?",
            x -> {
                int w = x.w();
                int next = x.nextOrder();
                return List.of(w, x.d(), next, next - 20, w, x.r().uniform(10, 20));
            });

    private final String statementName;
    private final String sql;
    private final Function<Draw, List<Object>> draw;

    TpccSql(String statementName, String sql, Function<Draw, List<Object>> draw) {
        this.statementName = statementName;
        this.sql = sql;
        this.draw = draw;
    }

    String statementName() {
        return statementName;
    }

    /** The JDBC text, {@code ?} for each parameter. */
    String sql() {
        return sql;
    }

    List<Object> draw(Draw x) {
        return draw.apply(x);
    }

    /** Column lists two statements share. */
    static final class Columns {
        /** BenchBase's payGetCustSQL columns, then c_id (see {@link CustomerLookup}). */
        static final String CUSTOMER = "c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, c_zip, "
                + "c_phone, c_credit, c_credit_lim, c_discount, c_balance, c_ytd_payment, c_payment_cnt, c_since, c_id";

        private Columns() {
        }
    }

    /**
     * Parameters drawn as the transactions draw them on freshly loaded data: a uniform warehouse and
     * district, NURand customers, items and last names; order ids among the loaded ones (the next new one
     * is {@code ORDERS_PER_DISTRICT + 1}, the undelivered ones start at {@code FIRST_NEW_ORDER}).
     */
    record Draw(TpccRandom r, int warehouses) {

        int w() {
            return r.uniform(1, warehouses);
        }

        int d() {
            return r.uniform(1, TpccLoader.DISTRICTS);
        }

        int order() {
            return r.uniform(1, TpccLoader.ORDERS_PER_DISTRICT);
        }

        int newOrder() {
            return r.uniform(TpccLoader.FIRST_NEW_ORDER, TpccLoader.ORDERS_PER_DISTRICT);
        }

        int nextOrder() {
            return TpccLoader.ORDERS_PER_DISTRICT + 1;
        }

        BigDecimal amount() {
            return BigDecimal.valueOf(r.uniform(100, 500_000) / 100.0);
        }

        Timestamp now() {
            return new Timestamp(System.currentTimeMillis());
        }
    }
}
