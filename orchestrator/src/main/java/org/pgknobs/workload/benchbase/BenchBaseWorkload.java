package org.pgknobs.workload.benchbase;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.pgknobs.agent.AgentJar;
import org.pgknobs.benchbase.BenchBaseConfig;
import org.pgknobs.benchbase.BenchBaseXml;
import org.pgknobs.benchbase.ResultPrefix;
import org.pgknobs.process.CommandResult;
import org.pgknobs.process.CommandRunner;
import org.pgknobs.results.PhaseResult;
import org.pgknobs.results.WorkloadResult;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.server.Workspace;
import org.pgknobs.workload.Databases;
import org.pgknobs.workload.MeasurementListener;
import org.pgknobs.workload.ProgressListener;
import org.pgknobs.workload.Workload;
import org.pgknobs.workload.WorkloadException;
import org.pgknobs.workload.WorkloadStatement;
import org.pgknobs.workload.tpcc.TpccStatements;

/**
 * TPC-C run by a real BenchBase in a child JVM: {@code --create=true --load=true} once, then per step
 * {@code --execute=true -d STEPDIR} with the pgknobs collector agent attached. BenchBase's result files
 * are renamed to the built-in driver's names ({@code tpcc.summary.json}, {@code tpcc.raw.csv}, ...,
 * {@code pgstats.json}), so reports treat both drivers alike.
 */
public final class BenchBaseWorkload implements Workload {

    public static final String DEFAULT_AGENT_OPTIONS = "interval=1s";
    static final String LIVE_CONFIG = "benchbase-config.live.xml";
    static final String REDACTED_CONFIG = "benchbase-config.xml";
    static final String LOG = "benchbase.log";

    private final BenchBaseConfig config;
    private final BenchBaseLauncher launcher;
    private final String resultPrefix;
    private final String agentOptions;

    /**
     * @param config       what BenchBase runs; its URL names the server and database
     * @param resultPrefix the built-in driver's file prefix the results are renamed to, e.g. "tpcc"
     * @param agentOptions options after {@code -javaagent:jar=}, e.g. {@value #DEFAULT_AGENT_OPTIONS}
     */
    public BenchBaseWorkload(BenchBaseConfig config, BenchBaseLauncher launcher, String resultPrefix, String agentOptions) {
        this.config = config;
        this.launcher = launcher;
        this.resultPrefix = resultPrefix;
        this.agentOptions = agentOptions;
    }

    @Override
    public String kind() {
        return "tpcc";
    }

    @Override
    public String driver() {
        return "benchbase";
    }

    @Override
    public String database() {
        return config.endpoint().database();
    }

    /** BenchBase runs in another JVM; the agent inside it measures BenchBase's own window. */
    @Override
    public boolean collectsItsOwnStats() {
        return true;
    }

    /** BenchBase's TPC-C sends the same SQL as the built-in driver (workload.tpcc copies it). */
    @Override
    public List<WorkloadStatement> statements() {
        return TpccStatements.all(config.warehouses());
    }

    @Override
    public void load(ConnectionInfo admin, ProgressListener progress) throws WorkloadException {
        createDatabase(admin);
        Path work = tempDir("pgknobs-benchbase-load");
        progress.progress("load", 0, config.warehouses(), "warehouses");
        // BenchBase's loader needs ~15 s per warehouse on a small machine; allow far more.
        Duration timeout = Duration.ofMinutes(10).plusMinutes(2L * config.warehouses());
        Path log = work.resolve("benchbase-load.log");
        CommandResult r = runBenchBase(work, work, List.of(), List.of("--create=true", "--load=true"), timeout, log);
        // On failure the working directory stays, so the log the message names is there to read.
        check(r, "load", timeout, log);
        Workspace.delete(work);
        settle(admin);
        progress.progress("load", config.warehouses(), config.warehouses(), "warehouses");
    }

    @Override
    public WorkloadResult run(ConnectionInfo admin, Path outDir, MeasurementListener listener) throws WorkloadException {
        Path work = tempDir("pgknobs-benchbase-run");
        try {
            Files.createDirectories(outDir);
            BenchBaseXml.write(config.redacted(), outDir.resolve(REDACTED_CONFIG));
            Path agent = AgentJar.locate(work);
            long startedMs = System.currentTimeMillis();
            Duration timeout = timeout();
            Path log = outDir.resolve(LOG);
            CommandResult r;
            listener.phaseStarted("tpcc");
            try {
                r = runBenchBase(work, outDir, List.of("-javaagent:" + agent + "=" + agentOptions),
                        List.of("--execute=true", "-d", outDir.toAbsolutePath().toString()), timeout, log);
            } finally {
                listener.phaseEnded("tpcc");
            }
            check(r, "run", timeout, log);
            Optional<String> prefix = ResultPrefix.newest(outDir, startedMs);
            if (prefix.isEmpty()) {
                throw new WorkloadException("BenchBase exited 0 but wrote no *.summary.json into " + outDir
                        + "; its output is in " + log + "; last lines: " + String.join(" / ", r.lastLines(10)));
            }
            Map<String, String> renamed = BenchBaseResults.rename(outDir, prefix.get(), resultPrefix);
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("benchbase", launcher.describe());
            details.put("benchbase_prefix", prefix.get());
            details.put("warehouses", config.warehouses());
            details.put("terminals", config.terminals());
            details.put("rate", config.works().get(0).rate().text());
            details.put("warmup_seconds", warmupSeconds());
            details.put("isolation", config.isolation());
            details.put("pgstats", renamed.containsValue("pgstats.json") ? "pgstats.json (collector agent inside BenchBase)"
                    : "none: the agent wrote no statistics, see " + LOG);
            PhaseResult phase = BenchBaseResults.phase(outDir, resultPrefix, measuredSeconds(), details);
            return new WorkloadResult(kind(), driver(), List.of(phase), "tpcc");
        } catch (IOException | RuntimeException e) {
            throw new WorkloadException("BenchBase run into " + outDir + " failed: " + e.getMessage(), e);
        } finally {
            Workspace.delete(work);
        }
    }

    /** Warm-up plus measured time plus a generous margin: BenchBase ends only when its workers do. */
    Duration timeout() {
        long planned = warmupSeconds() + measuredSeconds();
        return Duration.ofSeconds(planned + Math.max(600, planned / 2));
    }

    private int warmupSeconds() {
        return config.works().get(0).warmup();
    }

    private int measuredSeconds() {
        return config.works().stream().mapToInt(BenchBaseConfig.Work::time).sum();
    }

    /**
     * Writes the live configuration (with the password, readable by this user only) into {@code configDir},
     * runs BenchBase in {@code work} and deletes the live configuration whatever happens.
     */
    private CommandResult runBenchBase(Path work, Path configDir, List<String> jvmArgs, List<String> phaseArgs,
                                       Duration timeout, Path log) throws WorkloadException {
        Path live = configDir.resolve(LIVE_CONFIG);
        try {
            launcher.prepareWorkDir(work);
            Files.deleteIfExists(live);
            Files.createFile(live, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            BenchBaseXml.write(config, live);
            List<String> args = new ArrayList<>(List.of("-b", "tpcc", "-c", live.toAbsolutePath().toString()));
            args.addAll(phaseArgs);
            List<String> command = launcher.command(jvmArgs, args);
            try (OutputStream out = Files.newOutputStream(log)) {
                out.write(("# " + launcher.describe() + "\n# " + String.join(" ", command) + "\n").getBytes());
                return CommandRunner.run(command, timeout, Map.of(), work, out);
            }
        } catch (IOException | RuntimeException e) {
            throw new WorkloadException("cannot run BenchBase (" + launcher.describe() + "): " + e.getMessage(), e);
        } finally {
            try {
                Files.deleteIfExists(live);
            } catch (IOException e) {
                // the directory is going away with the step or the temp dir; nothing better to do
            }
        }
    }

    private static void check(CommandResult r, String what, Duration timeout, Path log) throws WorkloadException {
        if (r.timedOut()) {
            throw new WorkloadException("BenchBase " + what + " did not finish within " + timeout.toSeconds()
                    + " s and was killed; its output: " + log + "; " + excerpt(r));
        }
        if (r.exitCode() != 0) {
            throw new WorkloadException("BenchBase " + what + " exited with code " + r.exitCode() + "; its output: " + log
                    + "; " + excerpt(r));
        }
    }

    /** The first error line (the cause, before the stack trace) and the last lines of the output. */
    private static String excerpt(CommandResult r) {
        String first = r.output().lines().filter(l -> !l.startsWith("#") && !l.startsWith("\t"))
                .filter(l -> l.contains("ERROR") || l.contains("Exception") || l.contains("Error:"))
                .findFirst().map(l -> "first error: " + l.strip() + "; ").orElse("");
        return first + "last lines: " + String.join(" / ", r.lastLines(5));
    }

    /**
     * The loaded data as the built-in loader leaves it (the snapshot every step restores): statistics
     * gathered, hint bits set, dirty pages on disk. BenchBase's loader does neither.
     */
    private void settle(ConnectionInfo admin) throws WorkloadException {
        try (Connection c = admin.connect(database()); Statement s = c.createStatement()) {
            s.execute("VACUUM ANALYZE");
            s.execute("CHECKPOINT");
        } catch (SQLException e) {
            throw new WorkloadException("VACUUM ANALYZE / CHECKPOINT after BenchBase's load of " + database()
                    + " failed: " + e.getMessage(), e);
        }
    }

    /** BenchBase creates tables, not the database; make it as the built-in driver does. */
    private void createDatabase(ConnectionInfo admin) throws WorkloadException {
        try {
            Databases.createIfMissing(admin, database());
        } catch (SQLException e) {
            throw new WorkloadException("cannot create database " + database() + " for BenchBase: " + e.getMessage(), e);
        }
    }

    private static Path tempDir(String prefix) throws WorkloadException {
        try {
            return Files.createTempDirectory(prefix);
        } catch (IOException e) {
            throw new WorkloadException("cannot create a working directory for BenchBase: " + e.getMessage(), e);
        }
    }
}
