package org.pgknobs.workload.insertbench;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.pgknobs.host.DiskStats;
import org.pgknobs.host.HostCpuTicks;
import org.pgknobs.results.PhaseResult;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.workload.LiveTicker;
import org.pgknobs.workload.MeasurementListener;
import org.pgknobs.workload.WorkloadException;

/**
 * Runs the measured phases, each as one np.sh step: every client works on its own table (client numbers
 * start at 1) and the phase lasts until every client's work is done, so a step is a fixed amount of work.
 */
final class PhaseRunner {

    private final ConnectionInfo db;
    private final InsertBenchConfig config;
    private final HostCpuTicks cpu;
    private final Optional<DiskStats> disk;
    private final ExecutorService pool;
    private final MeasurementListener listener;
    private final List<PhaseResult> phases = new ArrayList<>();
    private final List<PhaseRecorder.Sample> samples = new ArrayList<>();
    /** The running phase's live feed, told of each second while {@link #await} waits for the clients. */
    private LiveTicker ticker;

    PhaseRunner(ConnectionInfo db, InsertBenchConfig config, HostCpuTicks cpu, Optional<DiskStats> disk,
                ExecutorService pool, MeasurementListener listener) {
        this.db = db;
        this.config = config;
        this.cpu = cpu;
        this.disk = disk;
        this.pool = pool;
        this.listener = listener;
    }

    List<PhaseResult> phases() {
        return phases;
    }

    List<PhaseRecorder.Sample> samples() {
        return samples;
    }

    /** l.i0, l.i1, l.i2: each client inserts its rows (and deletes as many, when the plan says so). */
    void writes(String name, InsertDeleteClient.Plan plan) throws WorkloadException {
        long epoch = Instant.now().getEpochSecond();
        measure(name, "rows", rec -> {
            List<Callable<?>> tasks = new ArrayList<>();
            for (int client = 1; client <= config.clients(); client++) {
                InsertDeleteClient w = new InsertDeleteClient(db, client, plan, config.variant(), rec,
                        seedFor(name, epoch, client));
                tasks.add(w::make);
                tasks.add(w::insert);
                if (plan.withDeletes()) {
                    tasks.add(w::delete);
                }
            }
            await(name, submitAll(tasks));
            return Map.of("rowsPerTransaction", plan.batch());
        });
    }

    /** l.x: each client builds the secondary indexes on its table; ops are the rows indexed, once per table. */
    void indexes() throws WorkloadException {
        List<InsertBenchSchema.Index> all = config.variant().indexes();
        measure("l.x", "rows", rec -> {
            List<Callable<?>> tasks = new ArrayList<>();
            for (int client = 1; client <= config.clients(); client++) {
                int c = client;
                tasks.add(() -> {
                    try (Connection conn = Sessions.open(db); Statement s = conn.createStatement()) {
                        for (int i = 0; i < all.size(); i++) {
                            long begin = System.nanoTime();
                            s.execute(InsertBenchSchema.createIndex(c, all.get(i)));
                            rec.request(c, begin, System.nanoTime(), i == all.size() - 1 ? config.initialRows() : 0);
                        }
                    }
                    return null;
                });
            }
            await("l.x", submitAll(tasks));
            return Map.of("indexes", all.size() * config.clients());
        });
    }

    /**
     * qr/qp as iq.sh runs them: each client inserts query_seconds x rate rows, 50 per statement, paced to
     * {@code rate} rows/s, deleting as many; its query thread runs until those inserts are done. Fixed work:
     * a server that cannot keep the rate takes longer, it does not do less.
     */
    void queries(String name, boolean point, int rate) throws WorkloadException {
        long epoch = Instant.now().getEpochSecond();
        InsertDeleteClient.Plan plan = new InsertDeleteClient.Plan(Math.min(QUERY_BATCH, rate),
                (long) config.querySeconds() * rate, rate, true, false);
        measure(name, "queries", rec -> {
            List<Callable<?>> tasks = new ArrayList<>();
            List<Callable<?>> queryTasks = new ArrayList<>();
            for (int client = 1; client <= config.clients(); client++) {
                InsertDeleteClient w = new InsertDeleteClient(db, client, plan, config.variant(), rec,
                        seedFor(name + "w", epoch, client));
                tasks.add(w::make);
                tasks.add(w::insert);
                tasks.add(w::delete);
                queryTasks.add(new QueryClient(db, client, point, config.variant(), rec, w, seedFor(name, epoch, client))::query);
            }
            tasks.addAll(queryTasks);
            List<Object> results = await(name, submitAll(tasks));
            long fetched = 0;
            for (int i = tasks.size() - queryTasks.size(); i < results.size(); i++) {
                fetched += (Long) results.get(i);
            }
            // The rate the inserts ran at: the step's rows over the time to its last INSERT (the deleter's drain
            // and the queries' last round come after and are not the writes' doing).
            double achieved = rec.rowsInserted() / rec.insertSeconds() / config.clients();
            Map<String, Object> extra = new LinkedHashMap<>();
            extra.put("queryKind", point ? "point" : "range");
            extra.put("rowsFetchedPerQuery", fetched / (double) Math.max(1, rec.requests()));
            extra.put("targetInsertRowsPerSecondPerClient", rate);
            extra.put("achievedInsertRowsPerSecondPerClient", achieved);
            extra.put("targetRateMet", achieved >= InsertBenchWorkload.TARGET_MET_SHARE * rate);
            extra.put("rowsPerTransaction", plan.batch());
            return extra;
        });
    }

    private static final int QUERY_BATCH = InsertBenchWorkload.QUERY_INSERT_BATCH;

    private void measure(String name, String unit, Body body) throws WorkloadException {
        listener.phaseStarted(name);
        PhaseRecorder rec = new PhaseRecorder(name, cpu, disk);
        ticker = new LiveTicker(rec.live(), listener, name, true, unit, rec.startNanos());
        Map<String, Object> extra = body.run(rec);
        rec.stop();
        ticker.tick();
        PhaseRecorder.Finished done = rec.finish(databaseBytes(), extra);
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

    /** His np.sh: --seed = step start (epoch seconds) + client; a configured seed is mixed with the phase instead. */
    private long seedFor(String phase, long epochSecond, int client) {
        return config.seed() == null ? epochSecond + client
                : config.seed() ^ ((long) phase.hashCode() << 20) ^ client;
    }

    @FunctionalInterface
    private interface Body {
        Map<String, Object> run(PhaseRecorder rec) throws WorkloadException;
    }

    /**
     * Waits for all tasks. On the first failure cancels the rest (an inserter may be blocked on a full queue,
     * so waiting in list order could hang) and reports the database's own words.
     */
    private List<Object> await(String phase, List<Future<?>> futures) throws WorkloadException {
        try {
            while (!futures.stream().allMatch(Future::isDone)) {
                for (Future<?> f : futures) {
                    if (f.isDone()) {
                        f.get();
                    }
                }
                ticker.tick();
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

    private long databaseBytes() throws WorkloadException {
        try (Connection c = db.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select pg_database_size(current_database())")) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw new WorkloadException("insertbench: cannot read pg_database_size: " + e.getMessage(), e);
        }
    }
}
