package org.pgknobs.collector;

/** What the collector itself cost: wall time of its snapshot rounds (queries and decoding). */
public record CollectorCost(long rounds, double meanMs, double maxMs, long intervalMs, boolean periodicSampling) {
}
