package org.pgknobs.workload.insertbench;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Rows as iibench.py's generate_cols / generate_row_mysql_pg write them: literal SQL value tuples
 * {@code ('when',cashregisterid,customerid,productid,price,'data')}, price printed with two decimals as he
 * does ({@code %.2f}), the time to the second. Data is 10-20 characters: int(len * 0.75 * 50 %) random
 * base64 characters after a run of 'a' (his data_random_pct=50 with the base64 correction).
 */
final class RowGenerator {

    static final int CASH_REGISTERS = 1000;
    static final int PRODUCTS = 10_000;
    static final int CUSTOMERS = 100_000;
    static final int MAX_PRICE = 500;
    static final int DATA_MIN = 10;
    static final int DATA_MAX = 20;
    private static final String BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private final SplittableRandom random;
    private final InsertBenchVariant variant;

    RowGenerator(long seed, InsertBenchVariant variant) {
        this.random = new SplittableRandom(seed);
        this.variant = variant;
    }

    /** One multi-row INSERT of {@code rows} rows into {@code client}'s table, as his literal SQL. */
    String insert(int client, int rows) {
        String when = LocalDateTime.now().format(WHEN);
        StringBuilder sql = new StringBuilder(rows * 48).append(InsertBenchSchema.insertHead(client));
        for (int i = 0; i < rows; i++) {
            int cashregisterid = random.nextInt(CASH_REGISTERS);
            int productid = random.nextInt(PRODUCTS);
            int customerid = random.nextInt(CUSTOMERS);
            double price = variant == InsertBenchVariant.CURRENT ? random.nextInt(MAX_PRICE) : may2023Price(customerid);
            sql.append(i == 0 ? "" : ",\n").append("('").append(when).append("',").append(cashregisterid).append(',')
                    .append(customerid).append(',').append(productid).append(',')
                    .append(String.format(Locale.ROOT, "%.2f", price)).append(",'").append(data()).append("')");
        }
        return sql.toString();
    }

    /** 2023: price = ((random() * max_price) + customerid) / 100, a real in [0, ~1005). */
    private double may2023Price(int customerid) {
        return ((random.nextDouble() * MAX_PRICE) + customerid) / 100.0;
    }

    String data() {
        int length = random.nextInt(DATA_MIN, DATA_MAX + 1);
        int randomChars = (int) (length * 0.75 * 0.5);
        StringBuilder s = new StringBuilder(length).append("a".repeat(length - randomChars));
        for (int i = 0; i < randomChars; i++) {
            s.append(BASE64.charAt(random.nextInt(BASE64.length())));
        }
        return s.toString();
    }

    /** The argument of a range query's EXECUTE, as his generate_*_query draws it. */
    String rangeArgument(QueryShape shape) {
        if (variant == InsertBenchVariant.MAY2023 && shape != QueryShape.REGISTER) {
            return Double.toString(may2023Price(random.nextInt(CUSTOMERS)));
        }
        return Integer.toString(random.nextInt(shape.keyBound()));
    }

    int nextInt(int bound) {
        return random.nextInt(bound);
    }

    long nextLong(long origin, long bound) {
        return random.nextLong(origin, bound);
    }
}
