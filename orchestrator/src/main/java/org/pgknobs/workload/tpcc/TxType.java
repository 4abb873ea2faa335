package org.pgknobs.workload.tpcc;

import java.util.List;

/** The five TPC-C transactions; {@link #id()} is BenchBase's 1-based transaction type index. */
public enum TxType {
    NEW_ORDER("NewOrder"), PAYMENT("Payment"), ORDER_STATUS("OrderStatus"), DELIVERY("Delivery"), STOCK_LEVEL("StockLevel");

    public static final List<TxType> ALL = List.of(values());

    private final String benchBaseName;

    TxType(String benchBaseName) {
        this.benchBaseName = benchBaseName;
    }

    public String benchBaseName() {
        return benchBaseName;
    }

    public int id() {
        return ordinal() + 1;
    }

    public static TxType byName(String name) {
        for (TxType t : values()) {
            if (t.benchBaseName.equals(name)) {
                return t;
            }
        }
        return null;
    }
}
