package org.pgknobs.host;

import java.nio.file.Path;

/**
 * /proc/loadavg, printed beside benchmark figures: on a 2-core machine another job's load changes the
 * figures, so every figure says what else ran.
 */
public final class LoadAverage {

    private static final Path LOADAVG = Path.of("/proc/loadavg");

    private LoadAverage() {
    }

    /** The whole line ("1.73 4.33 15.49 4/108 8836"), or "unknown" where there is none. */
    public static String line() {
        return ProcFiles.firstLine(LOADAVG).orElse("unknown");
    }

    /** The 1-minute figure; NaN where there is none. */
    public static double oneMinute() {
        try {
            return Double.parseDouble(line().split(" ")[0]);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
