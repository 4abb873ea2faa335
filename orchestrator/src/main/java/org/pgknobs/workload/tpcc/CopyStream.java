package org.pgknobs.workload.tpcc;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.function.LongConsumer;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/**
 * Rows in COPY text format, sent in large chunks. The generated data is plain ASCII (letters, digits,
 * numbers, timestamps), so it needs neither escaping nor a charset encoder.
 */
final class CopyStream implements AutoCloseable {

    private static final int FLUSH_AT = 1 << 18;

    private final CopyIn copy;
    private final StringBuilder row = new StringBuilder(FLUSH_AT + 4096);
    private final LongConsumer rowsDone;
    private long unreported;
    private long rows;

    CopyStream(Connection c, String table, LongConsumer rowsDone) throws SQLException {
        this.copy = c.unwrap(PGConnection.class).getCopyAPI().copyIn("COPY " + table + " FROM STDIN");
        this.rowsDone = rowsDone;
    }

    StringBuilder sb() {
        return row;
    }

    CopyStream col(int v) {
        row.append(v).append('\t');
        return this;
    }

    CopyStream col(String v) {
        row.append(v).append('\t');
        return this;
    }

    CopyStream nul() {
        row.append("\\N\t");
        return this;
    }

    /** A decimal with two places from a count of hundredths. */
    CopyStream cents(long hundredths) {
        if (hundredths < 0) {
            row.append('-');
            hundredths = -hundredths;
        }
        long frac = hundredths % 100;
        row.append(hundredths / 100).append('.').append(frac < 10 ? "0" : "").append(frac).append('\t');
        return this;
    }

    /** A decimal with four places (taxes, discounts) from a count of ten-thousandths below 1. */
    CopyStream tenThousandths(int v) {
        row.append("0.");
        if (v < 1000) {
            row.append('0');
        }
        if (v < 100) {
            row.append('0');
        }
        if (v < 10) {
            row.append('0');
        }
        row.append(v).append('\t');
        return this;
    }

    /** Ends the row (replacing the trailing tab). */
    void end() throws SQLException {
        row.setCharAt(row.length() - 1, '\n');
        rows++;
        if (++unreported == 4096) {
            rowsDone.accept(unreported);
            unreported = 0;
        }
        if (row.length() >= FLUSH_AT) {
            flush();
        }
    }

    long rows() {
        return rows;
    }

    private void flush() throws SQLException {
        // Latin-1 to Latin-1 is a plain array copy inside the JDK.
        byte[] bytes = row.toString().getBytes(StandardCharsets.ISO_8859_1);
        copy.writeToCopy(bytes, 0, bytes.length);
        row.setLength(0);
    }

    @Override
    public void close() throws SQLException {
        if (copy.isActive()) {
            flush();
            copy.endCopy();
        }
        rowsDone.accept(unreported);
        unreported = 0;
    }
}
