package org.pgknobs.run.progress;

import java.time.Duration;

/**
 * The live lines of a running step ({@link LiveProgress}): how often, and whether they go to the console too.
 *
 * @param every how many seconds of a warm-up or window between two lines (10 s, as pgbench -P 10)
 * @param quiet no live lines on the console; the progress.log files still get them
 */
public record LiveOptions(Duration every, boolean quiet) {

    public static final Duration DEFAULT_EVERY = Duration.ofSeconds(10);

    public LiveOptions {
        if (every.toSeconds() < 1) {
            throw new IllegalArgumentException("live progress needs whole seconds, got " + every);
        }
    }

    public static LiveOptions defaults() {
        return new LiveOptions(DEFAULT_EVERY, false);
    }
}
