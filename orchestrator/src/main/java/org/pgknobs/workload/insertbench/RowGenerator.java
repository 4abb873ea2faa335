package org.pgknobs.workload.insertbench;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.SplittableRandom;

/**
 * Column values as iibench.py draws them: uniform ids below his bounds, a timestamp to the second, and a
 * 10-20 character data string that is half constant, half random (so it compresses about 2:1).
 */
final class RowGenerator {

    static final int CASH_REGISTERS = 1000;
    static final int PRODUCTS = 10_000;
    static final int CUSTOMERS = 100_000;
    static final int MAX_PRICE = 500;
    static final int DATA_MIN = 10;
    static final int DATA_MAX = 20;
    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

    private final SplittableRandom random;

    RowGenerator(long seed) {
        this.random = new SplittableRandom(seed);
    }

    /** Binds {@code rows} rows into an INSERT from {@link InsertBenchSchema#insert}. */
    void bind(PreparedStatement insert, int rows) throws SQLException {
        Timestamp now = Timestamp.valueOf(LocalDateTime.now().truncatedTo(ChronoUnit.SECONDS));
        int p = 1;
        for (int i = 0; i < rows; i++) {
            insert.setTimestamp(p++, now);
            insert.setInt(p++, random.nextInt(CASH_REGISTERS));
            insert.setInt(p++, random.nextInt(CUSTOMERS));
            insert.setInt(p++, random.nextInt(PRODUCTS));
            insert.setInt(p++, random.nextInt(MAX_PRICE));
            insert.setString(p++, data());
        }
    }

    String data() {
        int length = random.nextInt(DATA_MIN, DATA_MAX + 1);
        int constant = length / 2;
        StringBuilder s = new StringBuilder(length).append("a".repeat(constant));
        for (int i = constant; i < length; i++) {
            s.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return s.toString();
    }

    int nextInt(int bound) {
        return random.nextInt(bound);
    }

    long nextLong(long origin, long bound) {
        return random.nextLong(origin, bound);
    }
}
