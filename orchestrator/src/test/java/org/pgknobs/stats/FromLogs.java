package org.pgknobs.stats;

import java.util.Arrays;

/** Test repeats written as their logs, so hand-worked cases state the numbers the formulas see. */
final class FromLogs {

    private FromLogs() {
    }

    static double[] values(double... logs) {
        return Arrays.stream(logs).map(Math::exp).toArray();
    }
}
