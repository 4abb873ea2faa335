package org.pgknobs.sidebyside.insertbench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one iibench.py process printed: its per-second lines (17 tab-separated fields: i_sec t_sec i_ips
 * t_ips i_dps t_dps i_qps t_qps max_i max_d max_q t_ins t_del t_query retry_i retry_d retry_q), and for l.x
 * the seconds its create_index took ("Created secondary indexes in 0.7 seconds": his own clock around the
 * CREATE INDEX statements, without Python's start-up and the up to 1 s his reporting loop adds to the wall).
 */
record IibenchReport(List<double[]> lines, OptionalDouble indexSeconds) {

    private static final Pattern INDEXES = Pattern.compile("Created secondary indexes in ([0-9.]+) seconds");

    static IibenchReport parse(Path out) {
        try {
            List<double[]> lines = new ArrayList<>();
            OptionalDouble indexSeconds = OptionalDouble.empty();
            for (String line : Files.readAllLines(out)) {
                Matcher m = INDEXES.matcher(line);
                if (m.find()) {
                    indexSeconds = OptionalDouble.of(Double.parseDouble(m.group(1)));
                }
                String[] f = line.trim().split("\\s+");
                if (f.length != 17 || f[0].equals("i_sec")) {
                    continue;
                }
                double[] v = new double[17];
                for (int i = 0; i < 17; i++) {
                    v[i] = Double.parseDouble(f[i]);
                }
                lines.add(v);
            }
            return new IibenchReport(lines, indexSeconds);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NumberFormatException e) {
            throw new IllegalStateException("unexpected iibench.py output in " + out + ": " + e.getMessage(), e);
        }
    }

    long rowsInserted() {
        return lines.isEmpty() ? 0 : (long) lines.get(lines.size() - 1)[11];
    }

    /**
     * Rows/s while the inserts certainly ran: t_ins / t_sec of the last line before the final one (the final
     * line is printed up to a second after the inserter finished). Empty when there is no such line.
     */
    OptionalDouble steadyRate() {
        if (lines.size() < 2) {
            return OptionalDouble.empty();
        }
        double[] l = lines.get(lines.size() - 2);
        return l[1] > 0 ? OptionalDouble.of(l[11] / l[1]) : OptionalDouble.empty();
    }
}
