package org.pgknobs.history.changes;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** The series of Apache Otava's tests, read from test resources (history/changes/otava-series.txt says whence). */
final class OtavaSeries {

    private OtavaSeries() {
    }

    static double[] named(String name) {
        try (InputStream in = OtavaSeries.class.getResourceAsStream("/history/changes/otava-series.txt")) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return text.lines().filter(l -> l.startsWith(name + ":")).findFirst()
                    .map(l -> Arrays.stream(l.substring(name.length() + 1).split(",")).map(String::trim)
                            .mapToDouble(Double::parseDouble).toArray())
                    .orElseThrow(() -> new IllegalArgumentException("no series " + name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
