package org.pgknobs.workload.tpcc;

import java.util.Arrays;

/**
 * One terminal's completed requests inside the measured window, in primitive arrays (no object per
 * transaction). Written by one thread; read after it stopped.
 */
final class Samples {

    static final byte SUCCESS = 0;
    static final byte ABORTED = 1;
    static final byte ERROR = 2;

    private long[] startNanos = new long[4096];
    private int[] latencyMicros = new int[4096];
    private byte[] types = new byte[4096];
    private byte[] outcomes = new byte[4096];
    private int size;

    void add(long start, long end, TxType type, byte outcome) {
        if (size == startNanos.length) {
            int n = size * 2;
            startNanos = Arrays.copyOf(startNanos, n);
            latencyMicros = Arrays.copyOf(latencyMicros, n);
            types = Arrays.copyOf(types, n);
            outcomes = Arrays.copyOf(outcomes, n);
        }
        startNanos[size] = start;
        latencyMicros[size] = (int) Math.min(Integer.MAX_VALUE, (end - start) / 1000);
        types[size] = (byte) type.ordinal();
        outcomes[size] = outcome;
        size++;
    }

    int size() {
        return size;
    }

    long start(int i) {
        return startNanos[i];
    }

    int latencyMicros(int i) {
        return latencyMicros[i];
    }

    TxType type(int i) {
        return TxType.ALL.get(types[i]);
    }

    byte outcome(int i) {
        return outcomes[i];
    }
}
