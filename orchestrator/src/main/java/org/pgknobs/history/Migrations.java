package org.pgknobs.history;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The history's schema as numbered migrations, the same SQL for SQLite and PostgreSQL (types both read alike,
 * {@code ON CONFLICT DO NOTHING} in both). {@code schema_version} holds the version a store is at; opening a store
 * applies what it lacks, in one transaction (PostgreSQL: under an advisory lock, so that two writers opening a new
 * store at once do not both create it). A migration is never edited once released: a change is a new one.
 */
final class Migrations {

    /**
     * 1: runs, steps, per-repeat values. 2: the machine calibration of a run (calibration.json, issue 47) and the
     * index the gate and the view look steps up by.
     */
    static final List<List<String>> VERSIONS = List.of(
            List.of("""
                    CREATE TABLE history_run (
                      run_key TEXT PRIMARY KEY, experiment TEXT NOT NULL, result_dir TEXT NOT NULL, started TEXT,
                      pgknobs_version TEXT, pgknobs_commit TEXT, postgres_version TEXT, postgres_build TEXT,
                      workload TEXT, host TEXT, recorded_at TEXT NOT NULL)""", """
                    CREATE TABLE history_step (
                      run_key TEXT NOT NULL REFERENCES history_run (run_key), step TEXT NOT NULL,
                      step_index INTEGER NOT NULL, experiment TEXT NOT NULL, fingerprint TEXT NOT NULL,
                      settings TEXT NOT NULL, metric TEXT NOT NULL, median DOUBLE PRECISION, n INTEGER NOT NULL,
                      against TEXT, effect DOUBLE PRECISION, effect_lower DOUBLE PRECISION,
                      effect_upper DOUBLE PRECISION, effect_method TEXT,
                      PRIMARY KEY (run_key, step))""", """
                    CREATE TABLE history_value (
                      run_key TEXT NOT NULL, step TEXT NOT NULL, repeat INTEGER NOT NULL,
                      value DOUBLE PRECISION NOT NULL, seconds DOUBLE PRECISION, started TEXT,
                      PRIMARY KEY (run_key, step, repeat), FOREIGN KEY (run_key, step) REFERENCES history_step)"""),
            List.of("ALTER TABLE history_run ADD COLUMN calibration TEXT",
                    "CREATE INDEX history_step_series ON history_step (experiment, step, fingerprint)"));

    static final int CURRENT = VERSIONS.size();

    private Migrations() {
    }

    /** Brings the store to {@code target} (tests: 1, to make a store as the first version left it). */
    static int migrate(Connection c, boolean postgres, int target) throws SQLException {
        boolean auto = c.getAutoCommit();
        c.setAutoCommit(false);
        try (Statement s = c.createStatement()) {
            if (postgres) {
                s.execute("SELECT pg_advisory_xact_lock(47047)");
            }
            s.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL, applied TEXT NOT NULL)");
            int at = version(s);
            if (at > CURRENT) {
                throw new IllegalStateException("the history store is at schema version " + at + ", newer than this "
                        + "pgknobs knows (" + CURRENT + "): use a newer pgknobs with it");
            }
            for (int v = at + 1; v <= target; v++) {
                for (String sql : VERSIONS.get(v - 1)) {
                    s.execute(sql);
                }
                s.execute("INSERT INTO schema_version (version, applied) VALUES (" + v + ", '"
                        + java.time.Instant.now() + "')");
            }
            c.commit();
            return Math.max(at, target);
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(auto);
        }
    }

    static int version(Statement s) throws SQLException {
        try (ResultSet r = s.executeQuery("SELECT COALESCE(MAX(version), 0) FROM schema_version")) {
            r.next();
            return r.getInt(1);
        }
    }
}
