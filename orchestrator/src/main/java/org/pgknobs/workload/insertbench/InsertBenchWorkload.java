package org.pgknobs.workload.insertbench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.pgknobs.host.DiskStats;
import org.pgknobs.host.HostCpuTicks;
import org.pgknobs.results.PhaseResult;
import org.pgknobs.results.WorkloadResult;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.workload.MeasurementListener;
import org.pgknobs.workload.ProgressListener;
import org.pgknobs.workload.Workload;
import org.pgknobs.workload.WorkloadException;
import org.pgknobs.workload.WorkloadStatement;

/**
 * Mark Callaghan's insert benchmark (iibench.py driven by iq.sh/np.sh) in Java, in the variant the config
 * names. {@link #load} only creates the database and the empty tables, because every insert-benchmark step,
 * the initial load included, is measured: {@link #run} drives l.i0, l.x, l.i1, l.i2 (current only), the
 * clean-up (not measured), then the query steps at each rate. Every measured phase is announced to the
 * listener. docs/insertbench.md lists what follows iibench.py and what does not.
 */
public final class InsertBenchWorkload implements Workload {

    public static final String KIND = "insertbench";
    public static final String DRIVER = "builtin";
    public static final String DATABASE = "ib";
    /** Rows per statement in l.i0 (load in PK order), iq.sh. */
    public static final int LOAD_BATCH = 100;
    /** Rows per transaction in l.i1. */
    public static final int I1_BATCH = 50;
    /** Rows per transaction in l.i2. */
    public static final int I2_BATCH = 5;
    /** Rows per statement of the background inserts of the query steps (iq.sh passes 50). */
    public static final int QUERY_INSERT_BATCH = 50;
    /** A query phase met its insert target when it reached this share of it (his reports tolerate ~5 %). */
    public static final double TARGET_MET_SHARE = 0.95;

    private final InsertBenchConfig config;

    /** Seeds as his np.sh: each step's start time (epoch seconds) + client number, unless the config gives one. */
    public InsertBenchWorkload(InsertBenchConfig config) {
        this.config = config;
    }

    /** A fixed seed base (mixed with phase and client), for runs that must draw the same values. */
    public InsertBenchWorkload(InsertBenchConfig config, long seed) {
        this(config.withSeed(seed));
    }

    public InsertBenchConfig config() {
        return config;
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public String driver() {
        return DRIVER;
    }

    @Override
    public String database() {
        return DATABASE;
    }

    /** The measured phases {@link #run} reports, in order. */
    public List<String> phaseNames() {
        List<String> names = new ArrayList<>(List.of("l.i0", "l.x"));
        if (config.i1Rows() > 0) {
            names.add("l.i1");
        }
        if (config.i2Rows() > 0 && config.variant().hasI2()) {
            names.add("l.i2");
        }
        for (int rate : config.queryRates()) {
            names.add("qr" + rate);
            if (config.variant().hasPointQueries()) {
                names.add("qp" + rate);
            }
        }
        return names;
    }

    /**
     * Planned before the run, so on the tables {@link #load} left: empty, and without the secondary
     * indexes that l.x builds (docs/plans.md).
     */
    @Override
    public List<WorkloadStatement> statements() {
        return InsertBenchStatements.of(config, config.seed() == null ? 1 : config.seed());
    }

    @Override
    public void load(ConnectionInfo admin, ProgressListener progress) throws WorkloadException {
        try (Connection c = admin.connect(); Statement s = c.createStatement()) {
            // WITH (FORCE) (it ends sessions still on the database) came in 13; on 12 the drop waits for none to be left
            boolean force = c.getMetaData().getDatabaseMajorVersion() >= 13;
            s.execute("drop database if exists " + DATABASE + (force ? " with (force)" : ""));
            s.execute("create database " + DATABASE);
        } catch (SQLException e) {
            throw new WorkloadException("insertbench: cannot create database " + DATABASE + " on " + admin + ": "
                    + e.getMessage(), e);
        }
        recreateTables(admin.withDatabase(DATABASE));
        progress.progress("load", config.clients(), config.clients(), "tables");
    }

    @Override
    public WorkloadResult run(ConnectionInfo admin, Path outDir, MeasurementListener listener) throws WorkloadException {
        ConnectionInfo db = admin.withDatabase(DATABASE);
        ensureDatabase(admin);
        // Each run starts from empty tables so a run after "data: continue" measures the same l.i0.
        recreateTables(db);
        HostCpuTicks cpu = HostCpuTicks.detect();
        Optional<DiskStats> disk = dataDirectory(admin).flatMap(DiskStats::forDirectory);
        List<PhaseResult> phases = new ArrayList<>();
        List<PhaseRecorder.Sample> samples = new ArrayList<>();
        ExecutorService pool = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "insertbench");
            t.setDaemon(true);
            return t;
        });
        try {
            PhaseRunner p = new PhaseRunner(db, config, cpu, disk, pool, listener);
            p.writes("l.i0", new InsertDeleteClient.Plan(LOAD_BATCH, config.initialRows(), 0, false, true));
            p.indexes();
            if (config.i1Rows() > 0) {
                p.writes("l.i1", new InsertDeleteClient.Plan(I1_BATCH, config.i1Rows(), 0, true, true));
            }
            if (config.i2Rows() > 0 && config.variant().hasI2()) {
                p.writes("l.i2", new InsertDeleteClient.Plan(I2_BATCH, config.i2Rows(), 0, true, true));
            }
            Cleanup cleanup = new Cleanup(db, config, pool);
            if (!config.queryRates().isEmpty()) {
                cleanup.beforeQuerySteps();
            }
            int step = 0;
            for (int rate : config.queryRates()) {
                cleanup.beforeQueryStep(++step);
                p.queries("qr" + rate, false, rate);
                if (config.variant().hasPointQueries()) {
                    cleanup.beforeQueryStep(++step);
                    p.queries("qp" + rate, true, rate);
                }
            }
            cleanup.finish();
            phases.addAll(p.phases());
            samples.addAll(p.samples());
        } finally {
            pool.shutdownNow();
        }
        try {
            InsertBenchResults.write(outDir, config, phases, samples);
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new WorkloadException("insertbench: cannot write results into " + outDir + ": " + e.getMessage(), e);
        }
        String headline = phases.stream().anyMatch(ph -> ph.name().equals("l.i1")) ? "l.i1" : phases.get(0).name();
        return new WorkloadResult(KIND, DRIVER, List.copyOf(phases), headline);
    }

    /** The server's data directory when this host can see it (a local server), for the disk counters. */
    private static Optional<Path> dataDirectory(ConnectionInfo admin) {
        try (Connection c = admin.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("show data_directory")) {
            rs.next();
            Path dir = Path.of(rs.getString(1));
            return Files.isDirectory(dir) ? Optional.of(dir) : Optional.empty();
        } catch (SQLException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private void ensureDatabase(ConnectionInfo admin) throws WorkloadException {
        try (Connection c = admin.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select 1 from pg_database where datname = '" + DATABASE + "'")) {
            if (!rs.next()) {
                s.execute("create database " + DATABASE);
            }
        } catch (SQLException e) {
            throw new WorkloadException("insertbench: cannot create database " + DATABASE + " on " + admin + ": "
                    + e.getMessage(), e);
        }
    }

    private void recreateTables(ConnectionInfo db) throws WorkloadException {
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            for (int client = 1; client <= config.clients(); client++) {
                s.execute(InsertBenchSchema.dropTable(client));
                s.execute(InsertBenchSchema.createTable(client, config.variant()));
                s.execute(InsertBenchSchema.sequenceCache(client));
            }
        } catch (SQLException e) {
            throw new WorkloadException("insertbench: cannot create tables in " + db + ": " + e.getMessage(), e);
        }
    }
}
