package org.pgknobs.collector;

/**
 * Checkpoints in a window. {@code done} exists from PG 18 (null before). {@code perMinute} and
 * {@code meanSecondsBetween} (window length / checkpoints, null without any) count completed
 * checkpoints ({@code done}) on 18+, and timed + requested before (those include skipped ones).
 */
public record CheckpointFigures(long timed, long requested, Long done, double perMinute, Double meanSecondsBetween,
        double writeTimeMs, double syncTimeMs, long buffersWritten) {
}
