package org.pgknobs.collector;

/**
 * Checkpoints in a window. {@code done} exists from PG 18 (null before). {@code meanSecondsBetween}
 * is the window length divided by the checkpoints started in it (timed + requested), null without any.
 */
public record CheckpointFigures(long timed, long requested, Long done, double perMinute, Double meanSecondsBetween,
        double writeTimeMs, double syncTimeMs, long buffersWritten) {
}
