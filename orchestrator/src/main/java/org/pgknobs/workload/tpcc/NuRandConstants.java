package org.pgknobs.workload.tpcc;

import java.util.SplittableRandom;

/**
 * The C constants of NURand (spec 2.1.6). BenchBase (TPCCUtil on main) hard-codes one choice instead of
 * drawing them per run: C_LAST 157 at load and 223 at run time (|delta| 66, valid per 2.1.6.1), C_ID 259,
 * OL_I_ID 7911. pgknobs uses the same values, so its load and BenchBase's are interchangeable and either
 * driver picks the same hot customers and items on either load.
 */
public record NuRandConstants(int lastNameLoad, int lastNameRun, int customerId, int itemId) {

    public static final int LOAD_LAST_NAME = 157;
    public static final NuRandConstants BENCHBASE = new NuRandConstants(LOAD_LAST_NAME, 223, 259, 7911);

    /** BenchBase's fixed constants; the generator is unused (kept so callers can switch back to drawn ones). */
    public static NuRandConstants forRun(SplittableRandom r) {
        return BENCHBASE;
    }

    static boolean validDelta(int delta) {
        return delta >= 65 && delta <= 119 && delta != 96 && delta != 112;
    }
}
