package org.pgknobs.workload.tpcc;

import java.util.SplittableRandom;

/**
 * The TPC-C random functions (spec clause 2.1.6 and 4.3.2) over a fast per-thread generator. One
 * instance per thread: it is not thread-safe, and sharing it would serialise the terminals.
 */
public final class TpccRandom {

    private static final String[] SYLLABLES = {"BAR", "OUGHT", "ABLE", "PRI", "PRES", "ESE", "ANTI", "CALLY", "ATION", "EING"};

    private final SplittableRandom random;
    private final NuRandConstants c;

    public TpccRandom(long seed, NuRandConstants c) {
        this.random = new SplittableRandom(seed);
        this.c = c;
    }

    public NuRandConstants constants() {
        return c;
    }

    /** Uniform in [min, max], both inclusive. */
    public int uniform(int min, int max) {
        return random.nextInt(min, max + 1);
    }

    /** NURand(A, x, y) = (((random(0, A) | random(x, y)) + C) % (y - x + 1)) + x. */
    public int nuRand(int a, int cValue, int x, int y) {
        return (((uniform(0, a) | uniform(x, y)) + cValue) % (y - x + 1)) + x;
    }

    public int customerId() {
        return nuRand(1023, c.customerId(), 1, 3000);
    }

    public int itemId() {
        return nuRand(8191, c.itemId(), 1, 100_000);
    }

    /** A customer last name as the run draws it (NURand(255, 0, 999) with the run's C). */
    public String lastNameForRun() {
        return lastName(nuRand(255, c.lastNameRun(), 0, 999));
    }

    /** A last name for customers 1001..3000 at load time. */
    public String lastNameForLoad() {
        return lastName(nuRand(255, c.lastNameLoad(), 0, 999));
    }

    public static String lastName(int num) {
        return SYLLABLES[num / 100] + SYLLABLES[(num / 10) % 10] + SYLLABLES[num % 10];
    }

    /**
     * BenchBase's {@code TPCCUtil.randomStr(n)}: n - 1 lower-case letters (none for n <= 1). BenchBase
     * asks for the spec's lengths and gets one character less; pgknobs copies that, so rows are as wide.
     */
    public void benchBaseString(StringBuilder sb, int n) {
        for (int i = 1; i < n; i++) {
            sb.append((char) ('a' + random.nextInt(26)));
        }
    }

    /** {@code randomStr(randomNumber(min, max))}. */
    public void benchBaseString(StringBuilder sb, int min, int max) {
        benchBaseString(sb, uniform(min, max));
    }

    public void digits(StringBuilder sb, int n) {
        for (int i = 0; i < n; i++) {
            sb.append((char) ('0' + random.nextInt(10)));
        }
    }

    /**
     * i_data / s_data as BenchBase's loader builds them: a length in [26, 50]; in 10 % of rows "ORIGINAL"
     * starting at a random position in [2, len - 8] between two randomStr() pieces; otherwise randomStr(len).
     */
    public void data(StringBuilder sb) {
        int pct = uniform(1, 100);
        int len = uniform(26, 50);
        if (pct > 10) {
            benchBaseString(sb, len);
        } else {
            int start = uniform(2, len - 8);
            benchBaseString(sb, start - 1);
            sb.append("ORIGINAL");
            benchBaseString(sb, len - start - 9);
        }
    }

    /** Two upper-case letters: BenchBase's {@code randomStr(3).toUpperCase()}. */
    public void state(StringBuilder sb) {
        sb.append((char) ('A' + random.nextInt(26))).append((char) ('A' + random.nextInt(26)));
    }

    /** Percent chance: true with probability {@code pct}/100. */
    public boolean percent(int pct) {
        return uniform(1, 100) <= pct;
    }

    public SplittableRandom raw() {
        return random;
    }
}
