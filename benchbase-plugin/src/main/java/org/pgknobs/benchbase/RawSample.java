package org.pgknobs.benchbase;

/**
 * One transaction of BenchBase's raw.csv. BenchBase labels the start column "microseconds" but
 * writes epoch seconds with six decimals; {@code startEpochSeconds} is that value.
 */
public record RawSample(int transactionTypeIndex, String transactionName, double startEpochSeconds, long latencyUs,
        int workerId, int phaseId) {

    public double endEpochSeconds() {
        return startEpochSeconds + latencyUs / 1e6;
    }
}
