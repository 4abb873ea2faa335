package org.pgknobs.collector;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Samples PostgreSQL's cumulative statistics on one dedicated connection: every interval on a daemon
 * thread, and exactly when a measured window opens or closes. Windows report counter deltas (nothing
 * is ever reset, so it is safe on shared servers) and derived figures; a window's pgstats.json is
 * rewritten as soon as it closes and the series is appended to pgstats.csv round by round.
 *
 * <p>Thread-safe: the workload thread opens and closes windows while the sampler thread runs.
 */
public final class StatsCollector implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(StatsCollector.class.getName());

    private final ConnectionSource source;
    private final CollectorSettings settings;
    private final Object lock = new Object();
    private final QueryCatalog catalog;
    private final SnapshotReader reader;
    private final Environment environment;
    private final Map<String, OpenWindow> open = new LinkedHashMap<>();
    private final List<WindowStats> closed = new ArrayList<>();
    private final SeriesWriter series;
    private final StatementCapture statements;
    private final ScheduledExecutorService sampler;
    private Connection connection;
    private Snapshot last;
    private long rounds;
    private double totalCostMs;
    private double maxCostMs;
    private volatile boolean paused;
    private boolean finished;
    private PgStats result;

    private final SireadSchedule siread;
    /** From the first snapshot to the last: the warm-up and every phase together ({@link WholeRun}). */
    private OpenWindow whole;
    private WholeRun.Redo wholeStart;
    private WholeRun wholeRun;

    private static final class OpenWindow {
        final Snapshot start;
        final Map<String, Long> waits = new TreeMap<>();
        final AutovacuumTally autovacuum;
        SireadLocks locks = SireadLocks.NONE;

        OpenWindow(Snapshot start) {
            this.start = start;
            this.autovacuum = new AutovacuumTally(start);
            addLocks(start);
        }

        void add(Snapshot round) {
            round.waitSamples().forEach((k, v) -> waits.merge(k, v, Long::sum));
            autovacuum.add(round);
            addLocks(round);
        }

        private void addLocks(Snapshot round) {
            if (round.sireadLocks() != null) {
                locks = locks.add(round.sireadLocks());
            }
        }

        Snapshot start() {
            return start;
        }

        Map<String, Long> waits() {
            return waits;
        }

        AutovacuumTally autovacuum() {
            return autovacuum;
        }
    }

    private StatsCollector(ConnectionSource source, CollectorSettings settings) throws SQLException {
        this.source = source;
        this.settings = settings;
        this.siread = new SireadSchedule(settings.serializable());
        this.connection = source.open();
        try {
            this.catalog = QueryCatalog.forVersion(EnvironmentProbe.versionNum(connection));
            this.environment = EnvironmentProbe.probe(connection, catalog);
        } catch (SQLException | RuntimeException e) {
            closeConnection();
            throw e;
        }
        this.reader = new SnapshotReader(catalog, settings.clock());
        StatementCapture capture = settings.statements() ? StatementCapture.open(connection, catalog, settings.clock()) : null;
        this.statements = capture != null && capture.available() ? capture : null;
        this.series = settings.outputDir() == null ? null
                : new SeriesWriter(PgStatsFiles.csv(settings.outputDir(), settings.prefix()));
        this.last = round(false);
        this.whole = new OpenWindow(last);
        this.wholeStart = redo();
        if (settings.periodicSampling()) {
            sampler = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "pgknobs-stats-collector");
                t.setDaemon(true);
                return t;
            });
            long ms = settings.interval().toMillis();
            sampler.scheduleAtFixedRate(this::periodicRound, ms, ms, TimeUnit.MILLISECONDS);
        } else {
            sampler = null;
        }
    }

    /** Connects, reads the environment, takes a first snapshot and starts periodic sampling. */
    public static StatsCollector start(ConnectionSource source, CollectorSettings settings) throws SQLException {
        return new StatsCollector(source, settings);
    }

    public Environment environment() {
        return environment;
    }

    public QueryCatalog catalog() {
        return catalog;
    }

    /** Stops (true) or resumes (false) the periodic rounds; window edges are always snapshotted. */
    public void setPaused(boolean pause) {
        this.paused = pause;
    }

    /** Opens a measured window with an exact snapshot. */
    public void beginWindow(String phase) {
        synchronized (lock) {
            checkNotFinished();
            if (open.containsKey(phase)) {
                throw new IllegalStateException("window '" + phase + "' is already open");
            }
            Snapshot s = round(true);
            whole.add(s);
            if (statements != null) {
                reader.countOwn(statements.begin(phase, connection));
            }
            open.put(phase, new OpenWindow(s));
        }
    }

    /** Closes a window, using pg_stat_database for the transaction count. */
    public WindowStats endWindow(String phase) {
        return endWindow(phase, null);
    }

    /** Closes a window with an exact snapshot; {@code transactions} is the workload's count, or null. */
    public WindowStats endWindow(String phase, Long transactions) {
        synchronized (lock) {
            checkNotFinished();
            if (!open.containsKey(phase)) {
                throw new IllegalStateException("window '" + phase + "' is not open (open: " + open.keySet() + ")");
            }
            if (statements != null) {
                // before the round, so its one transaction falls inside the window the round closes
                reader.countOwn(statements.end(phase, connection));
            }
            Snapshot end = round(true);
            whole.add(end);
            OpenWindow w = open.remove(phase);
            w.add(end);
            WindowStats stats = window(phase, w, end, transactions);
            closed.add(stats);
            writeJson();
            return stats;
        }
    }

    private static WindowStats window(String phase, OpenWindow w, Snapshot end, Long transactions) {
        Snapshot start = w.start();
        double seconds = (end.nanoTime() - start.nanoTime()) / 1e9;
        Map<String, List<StatRow>> deltas = Deltas.between(start, end);
        long ownXacts = end.ownXacts() - start.ownXacts();
        Derived derived = DerivedFigures.compute(deltas, seconds, transactions, ownXacts, w.waits())
                .withAutovacuum(w.autovacuum().activity(seconds, deltas));
        return new WindowStats(phase, start.timestampMs(), end.timestampMs(), seconds, deltas, derived,
                Map.copyOf(w.waits()), Deltas.missing(start, end), w.locks);
    }

    /** The document as it stands (closed windows only). */
    public PgStats current() {
        synchronized (lock) {
            return finished ? result : document();
        }
    }

    /** Stops sampling, writes the files under the configured prefix and returns the document. */
    public PgStats finish() {
        return finish(settings.prefix());
    }

    /**
     * Stops sampling and writes pgstats.json / pgstats.csv under {@code prefix} (the agent learns
     * BenchBase's prefix only at the end). Windows still open are closed first. Idempotent.
     */
    public PgStats finish(String prefix) {
        if (sampler != null) {
            sampler.shutdown();
            try {
                sampler.awaitTermination(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (lock) {
            if (finished) {
                return result;
            }
            for (String phase : List.copyOf(open.keySet())) {
                endWindow(phase, null);
            }
            closeWholeRun();
            finished = true;
            result = document();
            if (settings.outputDir() != null) {
                series.closeAs(PgStatsFiles.csv(settings.outputDir(), prefix));
                Path json = PgStatsFiles.json(settings.outputDir(), prefix);
                PgStatsFiles.write(result, json);
                deleteEarly(PgStatsFiles.json(settings.outputDir(), settings.prefix()), json);
                if (statements != null) {
                    Path file = StatementsFiles.json(settings.outputDir(), prefix);
                    StatementsFiles.write(statements.document(), file);
                    deleteEarly(StatementsFiles.json(settings.outputDir(), settings.prefix()), file);
                }
            }
            closeConnection();
            return result;
        }
    }

    private static void deleteEarly(Path early, Path written) {
        if (!early.equals(written)) {
            try {
                java.nio.file.Files.deleteIfExists(early);
            } catch (java.io.IOException e) {
                LOG.warning("pgknobs collector: cannot remove " + early + ": " + e.getMessage());
            }
        }
    }

    /** The statements of the closed windows; empty when the server does not have pg_stat_statements loaded. */
    public java.util.Optional<StatementsDocument> statements() {
        synchronized (lock) {
            return statements == null ? java.util.Optional.empty() : java.util.Optional.of(statements.document());
        }
    }

    @Override
    public void close() {
        finish();
    }

    private void periodicRound() {
        if (paused) {
            return;
        }
        synchronized (lock) {
            if (finished) {
                return;
            }
            try {
                Snapshot s = round(false);
                whole.add(s);
                for (OpenWindow w : open.values()) {
                    w.add(s);
                }
            } catch (RuntimeException e) {
                // Never let the sampler thread die: the next round tries again.
                LOG.log(Level.WARNING, "pgknobs collector: snapshot round failed: " + e.getMessage(), e);
            }
        }
    }

    /** One snapshot round; a lost connection is reopened next time and recorded as an error now. */
    private Snapshot round(boolean windowEdge) {
        Snapshot s;
        try {
            if (connection == null || connection.isClosed()) {
                connection = source.open();
                if (statements != null) {
                    StatementCapture.untrack(connection);
                }
            }
            s = reader.read(connection, settings.extraQueries(), siread.due(windowEdge));
        } catch (SQLException e) {
            closeConnection();
            s = new Snapshot(settings.clock().getAsLong(), System.nanoTime(), Map.of(),
                    Map.of("connection", String.valueOf(e.getMessage())), Map.of(), last == null ? 0 : last.ownXacts(), 0,
                    null);
        }
        siread.after(s.sireadLocks());
        rounds++;
        totalCostMs += s.costMs();
        maxCostMs = Math.max(maxCostMs, s.costMs());
        if (series != null && last != null) {
            series.append(last, s, String.join("+", open.keySet()));
        }
        last = s;
        return s;
    }

    private PgStats document() {
        CollectorCost cost = new CollectorCost(rounds, rounds == 0 ? 0 : totalCostMs / rounds, maxCostMs,
                settings.interval().toMillis(), settings.periodicSampling());
        return new PgStats(PgStats.SCHEMA_VERSION, environment, cost, catalog.unavailable(), List.copyOf(closed),
                wholeRun);
    }

    /** The whole run's window, closed with an exact snapshot; a failure leaves it out (then nothing reads it). */
    private void closeWholeRun() {
        try {
            Snapshot end = round(true);
            whole.add(end);
            wholeRun = new WholeRun(window(WholeRun.PHASE, whole, end, null), wholeStart, redo());
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "pgknobs collector: the whole run's window failed: " + e.getMessage(), e);
        }
    }

    /** Where the last checkpoint stands; null when the server does not say (a standby, no permission, a lost link). */
    private WholeRun.Redo redo() {
        if (connection == null) {
            return null;
        }
        try (java.sql.Statement st = connection.createStatement(); java.sql.ResultSet rs = st.executeQuery(
                "SELECT checkpoint_lsn - '0/0'::pg_lsn, pg_current_wal_lsn() - redo_lsn FROM pg_control_checkpoint()")) {
            return rs.next() ? new WholeRun.Redo(rs.getDouble(1), rs.getDouble(2)) : null;
        } catch (SQLException e) {
            return null;
        }
    }

    private void writeJson() {
        if (settings.outputDir() != null) {
            PgStatsFiles.write(document(), PgStatsFiles.json(settings.outputDir(), settings.prefix()));
            if (statements != null) {
                StatementsFiles.write(statements.document(), StatementsFiles.json(settings.outputDir(), settings.prefix()));
            }
        }
    }

    private void checkNotFinished() {
        if (finished) {
            throw new IllegalStateException("the collector has finished");
        }
    }

    private void closeConnection() {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // the connection is being discarded either way
            }
            connection = null;
        }
    }

    /** Where the files go (null when in memory only). */
    public Path outputDir() {
        return settings.outputDir();
    }
}
