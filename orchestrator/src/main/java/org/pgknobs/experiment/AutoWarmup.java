package org.pgknobs.experiment;

import java.time.Duration;

/**
 * {@code warmup: auto}: the warm-up lasts until the trailing {@code steady} seconds of committed/s test steady, at
 * most {@code cap}; the window then runs for its given duration. The TPC-C spec's {@code warmup} is the cap.
 */
public record AutoWarmup(Duration cap, Duration steady) {

    public static final Duration DEFAULT_CAP = Duration.ofMinutes(5);
    public static final Duration DEFAULT_STEADY = Duration.ofSeconds(30);
}
