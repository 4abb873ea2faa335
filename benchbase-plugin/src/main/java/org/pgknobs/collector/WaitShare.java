package org.pgknobs.collector;

/** One wait event (type "CPU" = active without a wait event) and its share of all samples in a window. */
public record WaitShare(String waitEventType, String waitEvent, long samples, double share) {
}
