package org.pgknobs.workload.tpcc;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgknobs.benchbase.BenchBaseConfig;
import org.pgknobs.benchbase.BenchBaseResultFiles;
import org.pgknobs.host.OnlineCpus;
import org.pgknobs.results.WorkloadResult;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.stats.SteadyWarmup;
import org.pgknobs.workload.Databases;
import org.pgknobs.workload.MeasurementListener;
import org.pgknobs.workload.ProgressListener;
import org.pgknobs.workload.Workload;
import org.pgknobs.workload.WorkloadException;
import org.pgknobs.workload.WorkloadStatement;

/**
 * The built-in, BenchBase-compatible TPC-C. Built from a BenchBase configuration (the same XML
 * {@code benchbase -b tpcc} reads); the database is the one named in its URL, on the server the
 * caller's admin connection points to.
 */
public final class TpccWorkload implements Workload {

    private final BenchBaseConfig config;
    private final TpccOptions options;
    private final String resultPrefix;
    private final boolean progressBar;
    private final SteadyWarmup autoWarmup;
    private TpccRunResult lastRun;

    /**
     * @param loaderThreads parallel loader connections (0 = one per core this JVM may run on: the one count of
     *                      pgknobs that wants the CPUs it is pinned to, not those online: hostfacts.OnlineCpus#usable)
     * @param resultPrefix  file name prefix of the BenchBase result files, e.g. "tpcc"
     * @param progressBar   draw a load progress bar on stderr (only sensible on a terminal)
     */
    public TpccWorkload(BenchBaseConfig config, int loaderThreads, String resultPrefix, boolean progressBar, long seed) {
        this.config = config;
        this.options = TpccOptions.from(config, loaderThreads > 0 ? loaderThreads : OnlineCpus.usable(), seed);
        this.resultPrefix = resultPrefix;
        this.progressBar = progressBar;
        this.autoWarmup = null;
    }

    private TpccWorkload(TpccWorkload w, SteadyWarmup autoWarmup) {
        this.config = w.config;
        this.options = w.options;
        this.resultPrefix = w.resultPrefix;
        this.progressBar = w.progressBar;
        this.autoWarmup = autoWarmup;
    }

    /**
     * The same workload with {@code warmup: auto}: the warm-up ends when {@code autoWarmup} finds the trailing
     * seconds steady, at the latest after the configuration's warm-up (the cap). Its cap must be that warm-up.
     */
    public TpccWorkload withAutoWarmup(SteadyWarmup autoWarmup) {
        if (autoWarmup.capSeconds() != options.warmupSeconds()) {
            throw new IllegalArgumentException("the auto warm-up's cap (" + autoWarmup.capSeconds()
                    + " s) must be the configured warm-up (" + options.warmupSeconds() + " s)");
        }
        return new TpccWorkload(this, autoWarmup);
    }

    public TpccWorkload(BenchBaseConfig config) {
        this(config, 0, "tpcc", false, System.nanoTime());
    }

    @Override
    public String kind() {
        return "tpcc";
    }

    @Override
    public String driver() {
        return "builtin";
    }

    @Override
    public String database() {
        return options.database();
    }

    public TpccOptions options() {
        return options;
    }

    @Override
    public List<WorkloadStatement> statements() {
        return TpccStatements.all(options.warehouses(), options.seed());
    }

    /** The run behind the last {@link #run} result (samples and counts), or null before the first run. */
    public TpccRunResult lastRun() {
        return lastRun;
    }

    /**
     * Everything besides the server that decides the bytes {@link #load} writes, for the load cache's
     * key: the loader's format (bump {@link TpccLoader#FORMAT} when it writes other rows, order or
     * indexes), the schema, the size, the loader threads (they interleave the rows) and the seed.
     */
    public String loadIdentity() {
        return "tpcc builtin loader format " + TpccLoader.FORMAT + ", schema sha256 " + TpccSchema.postgres().digest()
                + ", database " + options.database() + ", warehouses " + options.warehouses()
                + ", loader threads " + options.loaderThreads() + ", seed " + options.seed();
    }

    @Override
    public void load(ConnectionInfo admin, ProgressListener progress) throws WorkloadException {
        try {
            createDatabase(admin);
            new TpccLoader(options.warehouses(), options.loaderThreads(), progress, progressBar, options.seed())
                    .load(admin.withDatabase(database()));
        } catch (SQLException e) {
            throw new WorkloadException("TPC-C load of " + options.warehouses() + " warehouses into " + database()
                    + " failed: " + e.getMessage(), e);
        }
    }

    /** Creates the tables, keys and foreign keys without data (BenchBase's {@code --create}). */
    public void create(ConnectionInfo admin) throws WorkloadException {
        try {
            createDatabase(admin);
            try (Connection c = admin.withDatabase(database()).connect()) {
                TpccSchema.postgres().createAll(c);
            }
        } catch (SQLException e) {
            throw new WorkloadException("creating the TPC-C schema in " + database() + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public WorkloadResult run(ConnectionInfo admin, Path outDir, MeasurementListener listener) throws WorkloadException {
        return run(admin, outDir, listener, ProgressListener.NONE);
    }

    public WorkloadResult run(ConnectionInfo admin, Path outDir, MeasurementListener listener, ProgressListener progress)
            throws WorkloadException {
        ConnectionInfo db = admin.withDatabase(database());
        try {
            TpccRunResult run = new TpccDriver(options, urlProperties(config.url()), autoWarmup).run(db, listener, progress);
            lastRun = run;
            try (Connection c = db.connect()) {
                new BenchBaseResultFiles().write(outDir, resultPrefix, run, config, c);
            }
            return new WorkloadResult(kind(), driver(), List.of(run.toPhaseResult()), "tpcc", run.warmup());
        } catch (SQLException e) {
            String hint = "53300".equals(e.getSQLState()) ? " (the server allows fewer connections than the "
                    + options.terminals() + " terminals: raise max_connections)" : "";
            throw new WorkloadException("TPC-C run on " + db + " failed: " + e.getMessage() + hint, e);
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new WorkloadException("cannot write TPC-C results into " + outDir + ": " + e.getMessage(), e);
        }
    }

    /**
     * The query of a JDBC URL as pgjdbc properties (BenchBase's sample: sslmode=disable, ApplicationName=tpcc,
     * reWriteBatchedInserts=true). BenchBase's terminals connect with them, so the built-in's do too;
     * reWriteBatchedInserts turns NewOrder's order-line batch into one multi-row INSERT.
     */
    static Map<String, String> urlProperties(String url) {
        Map<String, String> out = new LinkedHashMap<>();
        int q = url == null ? -1 : url.indexOf('?');
        if (q < 0) {
            return out;
        }
        for (String pair : url.substring(q + 1).split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                out.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                        URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        return out;
    }

    private void createDatabase(ConnectionInfo admin) throws SQLException {
        Databases.createIfMissing(admin, database());
    }
}
