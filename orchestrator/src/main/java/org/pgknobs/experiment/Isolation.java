package org.pgknobs.experiment;

import java.util.Locale;
import java.util.Optional;

/** Transaction isolation for TPC-C; accepts "serializable" as well as BenchBase's TRANSACTION_SERIALIZABLE. */
public enum Isolation {
    SERIALIZABLE, REPEATABLE_READ, READ_COMMITTED;

    public static Optional<Isolation> parse(String text) {
        String key = text.trim().toUpperCase(Locale.ROOT);
        if (key.startsWith("TRANSACTION_")) {
            key = key.substring("TRANSACTION_".length());
        }
        try {
            return Optional.of(valueOf(key));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** The name BenchBase's XML config uses. */
    public String benchBaseName() {
        return "TRANSACTION_" + name();
    }
}
