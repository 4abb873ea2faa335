package org.pgknobs.stats;

import java.util.Arrays;

/** Throughput repeats taken to logs: the methods here model noise as multiplicative (a ratio is a shift in logs). */
final class LogSamples {

    private LogSamples() {
    }

    static double[] of(double[] values, String what) {
        return Arrays.stream(values).map(v -> {
            if (!(v > 0) || Double.isInfinite(v)) {
                throw new IllegalArgumentException(what + " holds " + v + ": repeats must be positive, finite throughputs");
            }
            return Math.log(v);
        }).toArray();
    }

    static String repeats(int n, String side) {
        return n + (n == 1 ? " repeat of the " : " repeats of the ") + side;
    }
}
