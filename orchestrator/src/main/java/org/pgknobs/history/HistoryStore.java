package org.pgknobs.history;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.pgknobs.json.Json;
import org.pgknobs.report.EffectInterval;

/**
 * The history store over JDBC: a SQLite file or a PostgreSQL database, one schema ({@link Migrations}). A run is
 * recorded in one transaction; its natural key (the run's identity, step, repeat) with {@code ON CONFLICT DO NOTHING}
 * makes recording idempotent, also when several writers record the same directory at once (PostgreSQL).
 */
public final class HistoryStore implements AutoCloseable {

    private final HistoryLocation location;
    private final Connection connection;

    private HistoryStore(HistoryLocation location, Connection connection) {
        this.location = location;
        this.connection = connection;
    }

    /** Opens the store and brings its schema to the current version. */
    public static HistoryStore open(HistoryLocation location) {
        return open(location, Migrations.CURRENT);
    }

    /** Opens the store at schema {@code version} (tests make a store of an older version with it). */
    static HistoryStore open(HistoryLocation location, int version) {
        Connection c = location.connect();
        try {
            Migrations.migrate(c, location.isPostgres(), version);
            return new HistoryStore(location, c);
        } catch (SQLException | RuntimeException e) {
            close(c);
            throw new IllegalStateException("history " + location.describe() + ": " + e.getMessage(), e);
        }
    }

    public HistoryLocation location() {
        return location;
    }

    public int schemaVersion() {
        try (Statement s = connection.createStatement()) {
            return Migrations.version(s);
        } catch (SQLException e) {
            throw failed("read its schema version", e);
        }
    }

    /** Records a run in one transaction; returns the rows it added (steps and repeat values; 0: known already). */
    public int record(RunEntry run) {
        return record(run, () -> { });
    }

    /** As {@link #record(RunEntry)}, {@code beforeCommit} called with every row written but not committed. */
    int record(RunEntry run, Runnable beforeCommit) {
        try {
            connection.setAutoCommit(false);
            try {
                insertRun(run.facts());
                int added = 0;
                for (StepEntry step : run.steps()) {
                    added += insertStep(run.facts(), step);
                }
                beforeCommit.run();
                connection.commit();
                return added;
            } catch (SQLException | RuntimeException e) {
                connection.rollback();
                throw e;
            } finally {
                connection.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw failed("record " + run.facts().resultDir(), e);
        }
    }

    private void insertRun(RunFacts f) throws SQLException {
        try (PreparedStatement p = connection.prepareStatement("""
                INSERT INTO history_run (run_key, experiment, result_dir, started, pgknobs_version, pgknobs_commit,
                  postgres_version, postgres_build, workload, host, calibration, recorded_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING""")) {
            Object[] values = {f.runKey(), f.experiment(), f.resultDir(), f.started(), f.pgknobsVersion(),
                    f.pgknobsCommit(), f.postgresVersion(), f.postgresBuild(), f.workload(), f.host(), f.calibration(),
                    Instant.now().toString()};
            for (int i = 0; i < values.length; i++) {
                p.setString(i + 1, (String) values[i]);
            }
            p.executeUpdate();
        }
    }

    private int insertStep(RunFacts f, StepEntry s) throws SQLException {
        int added;
        try (PreparedStatement p = connection.prepareStatement("""
                INSERT INTO history_step (run_key, step, step_index, experiment, fingerprint, settings, metric, median, n,
                  against, effect, effect_lower, effect_upper, effect_method)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING""")) {
            EffectInterval e = s.vsBase();
            p.setString(1, f.runKey());
            p.setString(2, s.step());
            p.setInt(3, s.index());
            p.setString(4, f.experiment());
            p.setString(5, s.fingerprint());
            p.setString(6, Json.line(s.settings()));
            p.setString(7, s.metric());
            p.setObject(8, s.median(), java.sql.Types.DOUBLE);
            p.setInt(9, s.values().size());
            p.setString(10, e == null ? null : e.against());
            p.setObject(11, e == null ? null : e.ratio(), java.sql.Types.DOUBLE);
            p.setObject(12, e == null ? null : e.lower(), java.sql.Types.DOUBLE);
            p.setObject(13, e == null ? null : e.upper(), java.sql.Types.DOUBLE);
            p.setString(14, e == null ? null : e.method());
            added = p.executeUpdate();
        }
        try (PreparedStatement p = connection.prepareStatement("""
                INSERT INTO history_value (run_key, step, repeat, value, seconds, started)
                VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING""")) {
            for (StepEntry.RepeatValue v : s.values()) {
                p.setString(1, f.runKey());
                p.setString(2, s.step());
                p.setInt(3, v.repeat());
                p.setDouble(4, v.value());
                p.setObject(5, v.seconds(), java.sql.Types.DOUBLE);
                p.setString(6, v.started());
                added += p.executeUpdate();
            }
        }
        return added;
    }

    /**
     * Every recorded step matching the filter (null: any), oldest run first (by start, then identity).
     */
    public List<StoredStep> steps(String experiment, String step, String metric) {
        String sql = """
                SELECT r.run_key, r.experiment, r.result_dir, r.started, r.pgknobs_version, r.pgknobs_commit,
                  r.postgres_version, r.postgres_build, r.workload, r.host, r.calibration,
                  s.step, s.step_index, s.fingerprint, s.settings, s.metric, s.median,
                  s.against, s.effect, s.effect_lower, s.effect_upper, s.effect_method, s.n
                FROM history_step s JOIN history_run r ON r.run_key = s.run_key
                WHERE (CAST(? AS TEXT) IS NULL OR s.experiment = ?) AND (CAST(? AS TEXT) IS NULL OR s.step = ?)
                  AND (CAST(? AS TEXT) IS NULL OR s.metric = ?)
                ORDER BY r.started, r.run_key, s.step_index""";
        try (PreparedStatement p = connection.prepareStatement(sql)) {
            String[] filter = {experiment, step, metric};
            for (int i = 0; i < filter.length; i++) {
                p.setString(2 * i + 1, filter[i]);
                p.setString(2 * i + 2, filter[i]);
            }
            Map<String, List<StepEntry.RepeatValue>> values = values();
            List<StoredStep> out = new ArrayList<>();
            try (ResultSet r = p.executeQuery()) {
                while (r.next()) {
                    RunFacts facts = new RunFacts(r.getString(1), r.getString(2), r.getString(3), r.getString(4),
                            r.getString(5), r.getString(6), r.getString(7), r.getString(8), r.getString(9),
                            r.getString(10), r.getString(11));
                    String against = r.getString(18);
                    Double lower = number(r, 20);
                    Double upper = number(r, 21);
                    boolean present = lower != null || upper != null;
                    // what the store keeps of the report's interval: the estimate and its ends (95 %), its method
                    EffectInterval vsBase = against == null ? null : new EffectInterval(against, r.getString(22),
                            r.getInt(23), 0, number(r, 19), lower, upper, present ? 0.95 : null, null,
                            present ? null : "no interval in the run's report", null);
                    out.add(new StoredStep(facts, new StepEntry(r.getString(12), r.getInt(13), r.getString(14),
                            settings(r.getString(15)), r.getString(16), number(r, 17), vsBase,
                            values.getOrDefault(facts.runKey() + "\n" + r.getString(12), List.of()))));
                }
            }
            return out;
        } catch (SQLException e) {
            throw failed("read its steps", e);
        }
    }

    private Map<String, List<StepEntry.RepeatValue>> values() throws SQLException {
        Map<String, List<StepEntry.RepeatValue>> by = new HashMap<>();
        try (Statement s = connection.createStatement();
             ResultSet r = s.executeQuery("SELECT run_key, step, repeat, value, seconds, started FROM history_value "
                     + "ORDER BY run_key, step, repeat")) {
            while (r.next()) {
                by.computeIfAbsent(r.getString(1) + "\n" + r.getString(2), k -> new ArrayList<>())
                        .add(new StepEntry.RepeatValue(r.getInt(3), r.getDouble(4), number(r, 5), r.getString(6)));
            }
        }
        return by;
    }

    /** Rows per table, for the messages and the tests: history_run, history_step, history_value. */
    public Map<String, Integer> counts() {
        Map<String, Integer> counts = new TreeMap<>();
        try (Statement s = connection.createStatement()) {
            for (String table : List.of("history_run", "history_step", "history_value")) {
                try (ResultSet r = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
                    r.next();
                    counts.put(table, r.getInt(1));
                }
            }
            return counts;
        } catch (SQLException e) {
            throw failed("count its rows", e);
        }
    }

    Connection connection() {
        return connection;
    }

    private static Double number(ResultSet r, int column) throws SQLException {
        double v = r.getDouble(column);
        return r.wasNull() ? null : v;
    }

    private static SortedMap<String, String> settings(String json) {
        try {
            SortedMap<String, String> settings = new TreeMap<>();
            Json.tree(json).properties().forEach(e -> settings.put(e.getKey(), e.getValue().asText()));
            return settings;
        } catch (java.io.IOException e) {
            throw new IllegalStateException("history: a step's settings are not JSON: " + e.getMessage(), e);
        }
    }

    private IllegalStateException failed(String what, SQLException e) {
        return new IllegalStateException("history " + location.describe() + ": cannot " + what + " (" + e.getMessage()
                + ")", e);
    }

    private static void close(Connection c) {
        try {
            c.close();
        } catch (SQLException ignored) {
            // closing after a failure: the failure is what the caller reports
        }
    }

    @Override
    public void close() {
        close(connection);
    }
}
