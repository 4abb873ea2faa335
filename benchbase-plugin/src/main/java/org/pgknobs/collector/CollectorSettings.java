package org.pgknobs.collector;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * How a {@link StatsCollector} runs.
 *
 * @param interval time between periodic snapshot rounds (default 1 s)
 * @param periodicSampling false: only the exact snapshots at window edges are taken (no series, no
 *     wait-event samples between the edges)
 * @param outputDir where pgstats.json / pgstats.csv go; null keeps everything in memory
 * @param prefix file prefix ({@code <prefix>.pgstats.json}); null or empty for plain names
 * @param extraQueries additional queries run in every round (their groups show up like built-in ones)
 * @param clock the caller's clock in epoch milliseconds, for timestamps in the series
 * @param statements whether to write statements.json (pg_stat_statements at each window's edges) when the
 *     server has the library loaded; on by default
 * @param serializable the workload runs SERIALIZABLE: every round samples the SIREAD locks (else only window
 *     edges, rounds after a sample that found some, and every 10th round: {@link SireadSchedule})
 */
public record CollectorSettings(Duration interval, boolean periodicSampling, Path outputDir, String prefix,
        List<StatQuery> extraQueries, LongSupplier clock, boolean statements, boolean serializable) {

    public CollectorSettings(Duration interval, boolean periodicSampling, Path outputDir, String prefix,
                             List<StatQuery> extraQueries, LongSupplier clock, boolean statements) {
        this(interval, periodicSampling, outputDir, prefix, extraQueries, clock, statements, false);
    }

    public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(1);

    public CollectorSettings {
        if (interval == null || interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("collector interval must be positive, got " + interval);
        }
        extraQueries = extraQueries == null ? List.of() : List.copyOf(extraQueries);
        clock = clock == null ? System::currentTimeMillis : clock;
    }

    public static CollectorSettings defaults() {
        return new CollectorSettings(DEFAULT_INTERVAL, true, null, null, List.of(), System::currentTimeMillis, true);
    }

    public CollectorSettings withInterval(Duration d) {
        return new CollectorSettings(d, periodicSampling, outputDir, prefix, extraQueries, clock, statements, serializable);
    }

    public CollectorSettings withPeriodicSampling(boolean on) {
        return new CollectorSettings(interval, on, outputDir, prefix, extraQueries, clock, statements, serializable);
    }

    public CollectorSettings withOutput(Path dir, String filePrefix) {
        return new CollectorSettings(interval, periodicSampling, dir, filePrefix, extraQueries, clock, statements, serializable);
    }

    public CollectorSettings withExtraQueries(List<StatQuery> queries) {
        return new CollectorSettings(interval, periodicSampling, outputDir, prefix, queries, clock, statements, serializable);
    }

    public CollectorSettings withClock(LongSupplier c) {
        return new CollectorSettings(interval, periodicSampling, outputDir, prefix, extraQueries, c, statements, serializable);
    }

    public CollectorSettings withStatements(boolean on) {
        return new CollectorSettings(interval, periodicSampling, outputDir, prefix, extraQueries, clock, on, serializable);
    }

    public CollectorSettings withSerializable(boolean on) {
        return new CollectorSettings(interval, periodicSampling, outputDir, prefix, extraQueries, clock, statements, on);
    }
}
