package org.pgknobs.workload.tpcc;

import java.util.SplittableRandom;

/**
 * The C constants of NURand (spec 2.1.6). The loader uses {@link #LOAD_LAST_NAME} for C_LAST, BenchBase's
 * value, so any later run can pick its own run-time C_LAST within the delta the spec requires
 * (2.1.6.1: 65 ≤ |C_run − C_load| ≤ 119, and not 96 or 112) without knowing which run loaded the data.
 */
public record NuRandConstants(int lastNameLoad, int lastNameRun, int customerId, int itemId) {

    public static final int LOAD_LAST_NAME = 223;

    /** Constants chosen at random for one run, as the spec asks. */
    public static NuRandConstants forRun(SplittableRandom r) {
        int run;
        do {
            run = r.nextInt(0, 256);
        } while (!validDelta(Math.abs(run - LOAD_LAST_NAME)));
        return new NuRandConstants(LOAD_LAST_NAME, run, r.nextInt(0, 1024), r.nextInt(0, 8192));
    }

    static boolean validDelta(int delta) {
        return delta >= 65 && delta <= 119 && delta != 96 && delta != 112;
    }
}
