package org.pgknobs.workload.tpcc;

import java.util.SplittableRandom;

/**
 * The TPC-C random functions (spec clause 2.1.6 and 4.3.2) over a fast per-thread generator. One
 * instance per thread: it is not thread-safe, and sharing it would serialise the terminals.
 */
public final class TpccRandom {

    private static final String[] SYLLABLES = {"BAR", "OUGHT", "ABLE", "PRI", "PRES", "ESE", "ANTI", "CALLY", "ATION", "EING"};
    private static final char[] LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".toCharArray();

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

    /** Appends a random alphabetic string of length [min, max]. */
    public void letters(StringBuilder sb, int min, int max) {
        int n = uniform(min, max);
        for (int i = 0; i < n; i++) {
            sb.append(LETTERS[random.nextInt(LETTERS.length)]);
        }
    }

    public void digits(StringBuilder sb, int n) {
        for (int i = 0; i < n; i++) {
            sb.append((char) ('0' + random.nextInt(10)));
        }
    }

    /** i_data / s_data: 26..50 characters, in 10 % of rows with "ORIGINAL" at a random position. */
    public void data(StringBuilder sb) {
        int len = uniform(26, 50);
        if (uniform(1, 10) == 1) {
            int at = uniform(0, len - 8);
            int start = sb.length();
            letters(sb, len - 8, len - 8);
            sb.insert(start + at, "ORIGINAL");
        } else {
            letters(sb, len, len);
        }
    }

    /** Percent chance: true with probability {@code pct}/100. */
    public boolean percent(int pct) {
        return uniform(1, 100) <= pct;
    }

    public SplittableRandom raw() {
        return random;
    }
}
