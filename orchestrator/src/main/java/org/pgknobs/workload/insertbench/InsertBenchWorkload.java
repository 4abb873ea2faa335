package org.pgknobs.workload.insertbench;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.workload.MeasurementListener;
import org.pgknobs.workload.PhaseResult;
import org.pgknobs.workload.ProgressListener;
import org.pgknobs.workload.Workload;
import org.pgknobs.workload.WorkloadException;
import org.pgknobs.workload.WorkloadResult;

/**
 * Mark Callaghan's insert benchmark (iibench.py) in Java. {@link #load} only creates the database and the
 * empty tables, because every insert-benchmark step, the initial load included, is measured: {@link #run}
 * drives l.i0, l.x, l.i1, l.i2, then vacuum (analyze) + checkpoint + a pause (not measured), then
 * qr/qp at each query rate. Every measured phase is announced to the listener.
 */
public final class InsertBenchWorkload implements Workload {

    public static final String KIND = "insertbench";
    public static final String DRIVER = "builtin";
    public static final String DATABASE = "ib";
    /** Rows per statement in l.i0 (load in PK order). */
    public static final int LOAD_BATCH = 100;
    /** Rows per transaction in l.i1. */
    public static final int I1_BATCH = 50;
    /** Rows per transaction in l.i2. */
    public static final int I2_BATCH = 5;
    /** Background insert batch of query phases: iibench.py caps rows per commit at the rate. */
    public static final int QUERY_INSERT_BATCH = 100;
    /** A query phase met its insert target when it reached this share of it (his reports tolerate ~5 %). */
    public static final double TARGET_MET_SHARE = 0.95;
    /** iibench.py's default RNG seed, so runs draw the same values. */
    public static final long DEFAULT_SEED = 3221223452L;

    private final InsertBenchConfig config;
    private final long seed;

    public InsertBenchWorkload(InsertBenchConfig config) {
        this(config, DEFAULT_SEED);
    }

    public InsertBenchWorkload(InsertBenchConfig config, long seed) {
        this.config = config;
        this.seed = seed;
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
        if (config.i2Rows() > 0) {
            names.add("l.i2");
        }
        for (int rate : config.queryRates()) {
            names.add("qr" + rate);
            names.add("qp" + rate);
        }
        return names;
    }

    /** Pause after vacuum + checkpoint so the query phases start on a settled server: a tenth of a query phase, 1-60 s. */
    public long pauseSeconds() {
        return Math.max(1, Math.min(60, config.querySeconds() / 10));
    }

    @Override
    public void load(ConnectionInfo admin, ProgressListener progress) throws WorkloadException {
        try (Connection c = admin.connect(); Statement s = c.createStatement()) {
            s.execute("drop database if exists " + DATABASE + " with (force)");
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
        HostCpu cpu = HostCpu.detect();
        List<PhaseResult> phases = new ArrayList<>();
        List<PhaseRecorder.Sample> samples = new ArrayList<>();
        ExecutorService pool = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "insertbench");
            t.setDaemon(true);
            return t;
        });
        try {
            Phases p = new Phases(db, cpu, pool, listener, phases, samples);
            p.writes("l.i0", new InsertDeleteClient.Plan(LOAD_BATCH, config.initialRows(), 0, false, true));
            p.indexes();
            if (config.i1Rows() > 0) {
                p.writes("l.i1", new InsertDeleteClient.Plan(I1_BATCH, config.i1Rows(), 0, true, true));
            }
            if (config.i2Rows() > 0) {
                p.writes("l.i2", new InsertDeleteClient.Plan(I2_BATCH, config.i2Rows(), 0, true, true));
            }
            settle(db);
            for (int rate : config.queryRates()) {
                p.queries("qr" + rate, false, rate);
                p.queries("qp" + rate, true, rate);
            }
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

    /** Runs the measured phases; each client works on its own table, client numbers start at 1. */
    private final class Phases {
        private final ConnectionInfo db;
        private final HostCpu cpu;
        private final ExecutorService pool;
        private final MeasurementListener listener;
        private final List<PhaseResult> phases;
        private final List<PhaseRecorder.Sample> samples;

        Phases(ConnectionInfo db, HostCpu cpu, ExecutorService pool, MeasurementListener listener,
               List<PhaseResult> phases, List<PhaseRecorder.Sample> samples) {
            this.db = db;
            this.cpu = cpu;
            this.pool = pool;
            this.listener = listener;
            this.phases = phases;
            this.samples = samples;
        }

        /** l.i0, l.i1, l.i2: each client inserts its rows (and deletes as many, when the plan says so). */
        void writes(String name, InsertDeleteClient.Plan plan) throws WorkloadException {
            measure(name, rec -> {
                List<Callable<?>> tasks = new ArrayList<>();
                for (int client = 1; client <= config.clients(); client++) {
                    InsertDeleteClient w = new InsertDeleteClient(db, client, plan, rec, new AtomicBoolean(),
                            seedFor(name, client));
                    tasks.add(w::insert);
                    if (plan.withDeletes()) {
                        tasks.add(w::delete);
                    }
                }
                await(name, submitAll(tasks));
                return Map.of("rowsPerTransaction", plan.batch());
            });
        }

        /** l.x: each client builds the three secondary indexes on its table; ops are the rows indexed, once per table. */
        void indexes() throws WorkloadException {
            measure("l.x", rec -> {
                List<Callable<?>> tasks = new ArrayList<>();
                for (int client = 1; client <= config.clients(); client++) {
                    int c = client;
                    tasks.add(() -> {
                        try (Connection conn = Sessions.open(db); Statement s = conn.createStatement()) {
                            List<InsertBenchSchema.Index> all = InsertBenchSchema.SECONDARY_INDEXES;
                            for (int i = 0; i < all.size(); i++) {
                                long begin = System.nanoTime();
                                s.execute(InsertBenchSchema.createIndex(c, all.get(i)));
                                rec.request(begin, System.nanoTime(), i == all.size() - 1 ? config.initialRows() : 0);
                            }
                        }
                        return null;
                    });
                }
                await("l.x", submitAll(tasks));
                return Map.of("indexes", InsertBenchSchema.SECONDARY_INDEXES.size() * config.clients());
            });
        }

        /** qr/qp: queries as fast as possible for query_seconds while inserts+deletes run at {@code rate} rows/s per client. */
        void queries(String name, boolean point, int rate) throws WorkloadException {
            measure(name, rec -> {
                AtomicBoolean stop = new AtomicBoolean();
                InsertDeleteClient.Plan plan = new InsertDeleteClient.Plan(Math.min(QUERY_INSERT_BATCH, rate), -1, rate, true, false);
                List<Callable<?>> tasks = new ArrayList<>();
                List<Callable<?>> queryTasks = new ArrayList<>();
                for (int client = 1; client <= config.clients(); client++) {
                    InsertDeleteClient w = new InsertDeleteClient(db, client, plan, rec, stop, seedFor(name + "w", client));
                    tasks.add(w::insert);
                    tasks.add(w::delete);
                    queryTasks.add(new QueryClient(db, client, point, rec, stop, seedFor(name, client))::query);
                }
                tasks.addAll(queryTasks);
                List<Future<?>> futures = submitAll(tasks);
                long end = rec.startNanos() + TimeUnit.SECONDS.toNanos(config.querySeconds());
                try {
                    // Wake early when a client fails, so the error is reported at once.
                    while (System.nanoTime() < end && futures.stream().noneMatch(Future::isDone)) {
                        TimeUnit.MILLISECONDS.sleep(Math.min(50, Math.max(1, (end - System.nanoTime()) / 1_000_000)));
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new WorkloadException("insertbench " + name + " interrupted", e);
                } finally {
                    stop.set(true);
                }
                List<Object> results = await(name, futures);
                long fetched = 0;
                for (int i = tasks.size() - queryTasks.size(); i < results.size(); i++) {
                    fetched += (Long) results.get(i);
                }
                // Inserts run only inside the query_seconds window; the window's set-up and delete drain do not count.
                double achieved = rec.rowsInserted() / (double) config.querySeconds() / config.clients();
                Map<String, Object> extra = new LinkedHashMap<>();
                extra.put("queryKind", point ? "point" : "range");
                extra.put("rowsFetchedPerQuery", fetched / (double) Math.max(1, rec.requests()));
                extra.put("targetInsertRowsPerSecondPerClient", rate);
                extra.put("achievedInsertRowsPerSecondPerClient", achieved);
                extra.put("targetRateMet", achieved >= TARGET_MET_SHARE * rate);
                extra.put("rowsPerTransaction", plan.batch());
                return extra;
            });
        }

        private void measure(String name, Body body) throws WorkloadException {
            listener.phaseStarted(name);
            PhaseRecorder rec = new PhaseRecorder(name, cpu);
            Map<String, Object> extra = body.run(rec);
            PhaseRecorder.Finished done = rec.finish(databaseBytes(db), extra);
            listener.phaseEnded(name);
            phases.add(done.result());
            samples.addAll(done.samples());
        }

        private List<Future<?>> submitAll(List<Callable<?>> tasks) {
            List<Future<?>> futures = new ArrayList<>();
            for (Callable<?> t : tasks) {
                futures.add(pool.submit(t));
            }
            return futures;
        }

        private long seedFor(String phase, int client) {
            return seed ^ ((long) phase.hashCode() << 20) ^ client;
        }
    }

    @FunctionalInterface
    private interface Body {
        Map<String, Object> run(PhaseRecorder rec) throws WorkloadException;
    }

    /**
     * Waits for all tasks. On the first failure cancels the rest (an inserter may be blocked on its deleter's
     * backlog, so waiting in list order could hang) and reports the database's own words.
     */
    private static List<Object> await(String phase, List<Future<?>> futures) throws WorkloadException {
        try {
            while (!futures.stream().allMatch(Future::isDone)) {
                for (Future<?> f : futures) {
                    if (f.isDone()) {
                        f.get();
                    }
                }
                TimeUnit.MILLISECONDS.sleep(10);
            }
            List<Object> results = new ArrayList<>();
            for (Future<?> f : futures) {
                results.add(f.get());
            }
            return results;
        } catch (ExecutionException e) {
            futures.forEach(f -> f.cancel(true));
            Throwable cause = e.getCause();
            throw new WorkloadException("insertbench " + phase + " failed: " + cause.getMessage(), cause);
        } catch (InterruptedException e) {
            futures.forEach(f -> f.cancel(true));
            Thread.currentThread().interrupt();
            throw new WorkloadException("insertbench " + phase + " interrupted", e);
        }
    }

    private void settle(ConnectionInfo db) throws WorkloadException {
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            for (int client = 1; client <= config.clients(); client++) {
                s.execute("vacuum (analyze) " + InsertBenchSchema.table(client));
            }
            s.execute("checkpoint");
            TimeUnit.SECONDS.sleep(pauseSeconds());
        } catch (SQLException e) {
            throw new WorkloadException("insertbench: vacuum/checkpoint before the query phases failed (checkpoint "
                    + "needs superuser or pg_checkpoint): " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WorkloadException("insertbench interrupted during the pause before the query phases", e);
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
                s.execute(InsertBenchSchema.createTable(client));
                s.execute(InsertBenchSchema.sequenceCache(client));
            }
        } catch (SQLException e) {
            throw new WorkloadException("insertbench: cannot create tables in " + db + ": " + e.getMessage(), e);
        }
    }

    private static long databaseBytes(ConnectionInfo db) throws WorkloadException {
        try (Connection c = db.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select pg_database_size(current_database())")) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw new WorkloadException("insertbench: cannot read pg_database_size: " + e.getMessage(), e);
        }
    }
}
