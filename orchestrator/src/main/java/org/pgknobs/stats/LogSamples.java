package org.pgknobs.stats;

import java.util.Arrays;
import java.util.Optional;

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

    /** Why there is no interval when a side has fewer than 2 repeats (no spread to estimate), else empty. */
    static Optional<String> tooFewToSpread(double[] base, double[] step) {
        if (base.length >= 2 && step.length >= 2) {
            return Optional.empty();
        }
        String side = base.length < 2 ? repeats(base.length, "base") : repeats(step.length, "step");
        return Optional.of(side + ": no spread to estimate, so no interval");
    }

    static String repeats(int n, String side) {
        return n + (n == 1 ? " repeat of the " : " repeats of the ") + side;
    }
}
