package org.pgknobs.run;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.pgknobs.BadInputException;
import org.pgknobs.collector.CollectorSettings;
import org.pgknobs.collector.ConnectionSource;
import org.pgknobs.collector.StatsCollector;
import org.pgknobs.experiment.DataPolicy;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.ExperimentPlan;
import org.pgknobs.experiment.ExperimentYaml;
import org.pgknobs.experiment.PlannedStep;
import org.pgknobs.experiment.WorkloadSpec;
import org.pgknobs.overlay.AutoConfState;
import org.pgknobs.overlay.ConnectionBudget;
import org.pgknobs.overlay.SettingsCatalog;
import org.pgknobs.overlay.OverlayEngine;
import org.pgknobs.overlay.OverlayRejectedException;
import org.pgknobs.overlay.OverlayResult;
import org.pgknobs.overlay.SettingsReport;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.server.Server;
import org.pgknobs.server.ServerException;
import org.pgknobs.server.Workspace;
import org.pgknobs.workload.Databases;
import org.pgknobs.workload.MeasurementListener;
import org.pgknobs.workload.Workload;
import org.pgknobs.workload.WorkloadException;
import org.pgknobs.workload.WorkloadResult;
import org.pgknobs.workload.benchbase.BenchBaseLauncher;

/**
 * Runs an experiment's plan: per step restore the loaded data, apply the overlay, run the workload
 * with the stats collector alongside, and write the step's files the moment it ends. A failing step is
 * recorded with its reason and the server's log tail and the suite goes on; Ctrl-C / SIGTERM mark the
 * current step interrupted, stop the server (or restore an external one) and flush suite.json.
 */
public final class SuiteRunner {

    /**
     * @param resume an earlier result directory of the same experiment: only steps not yet done run
     * @param sets   the user's --set overrides, recorded in suite.json
     * @param collect whether to run the pg_stat_* collector (off only for overhead measurements)
     */
    public record Options(Path outDir, Optional<Path> resume, List<String> commandLine, List<String> sets,
                          boolean collect, Duration collectorInterval, PrintStream out) {
    }

    /** How the suite ended; the CLI turns it into an exit code. */
    public record Outcome(Path directory, List<SuiteRecord.Entry> entries, boolean interrupted) {
        public boolean anyFailed() {
            return entries.stream().anyMatch(e -> e.status() == StepStatus.FAILED || e.status() == StepStatus.PENDING);
        }
    }

    private final ServerSupply supply;
    private final Options options;
    private final BenchBaseLauncher benchBase;
    private final OverlayEngine engine;
    private final Object lock = new Object();
    private final Map<List<String>, Cluster> clusters = new LinkedHashMap<>();
    /** Per step name: its settings after preflight, max_connections raised where the workload needs it. */
    private final Map<String, Map<String, Object>> settingsToApply = new LinkedHashMap<>();
    private volatile boolean interrupted;
    private SuiteLayout layout;
    private SuiteRecord record;
    private Optional<AutoConfState> externalOriginal = Optional.empty();
    private int current = -1;

    private record Cluster(ManagedServer server, DataSnapshot snapshot) {
    }

    public SuiteRunner(ServerSupply supply, Options options) {
        this(supply, options, null);
    }

    /**
     * @param benchBase how to start BenchBase for {@code driver: benchbase}, checked by the caller before
     *                  the suite starts; null when the experiment does not use it
     */
    public SuiteRunner(ServerSupply supply, Options options, BenchBaseLauncher benchBase) {
        this.supply = supply;
        this.options = options;
        this.benchBase = benchBase;
        this.engine = new OverlayEngine(supply instanceof ServerSupply.External);
    }

    public Outcome run(Experiment experiment) {
        ExperimentPlan plan = ExperimentPlan.of(experiment);
        List<Planned> order = interleave(plan, experiment.repeats());
        SuiteRecord earlier = options.resume().map(dir -> readEarlier(dir, experiment)).orElse(null);
        PrintStream out = options.out();
        if (earlier != null && allDone(new SuiteLayout(options.resume().get()), order)) {
            out.println("nothing to do: every step in " + options.resume().get() + " is done");
            return new Outcome(options.resume().get(), earlier.steps(), false);
        }
        out.println(plan.summary());

        Thread hook = new Thread(this::onSignal, "pgknobs-suite-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            Map<String, String> rejected = preflight(plan);
            layout = options.resume().map(SuiteLayout::new)
                    .orElseGet(() -> SuiteLayout.fresh(options.outDir(), experiment.name(), LocalDateTime.now()));
            JsonFiles.writeText(layout.resolvedExperiment(), ExperimentYaml.write(experiment));
            record = initialRecord(experiment, order, earlier, rejected);
            writeSuite("running");
            SuiteProgress progress = new SuiteProgress(out, order.size(), plan.estimatedDuration(), Duration.ofSeconds(10));
            for (int i = 0; i < order.size() && !interrupted; i++) {
                Planned p = order.get(i);
                if (record.steps().get(i).status().isFinal()) {
                    continue;
                }
                synchronized (lock) {
                    current = i;
                }
                progress.stepStarted(i + 1, p.step().name() + (experiment.repeats() > 1 ? " r" + p.repeat() : ""),
                        plan.runTimePerStep());
                StepResult result = runStep(experiment, p, progress);
                synchronized (lock) {
                    if (interrupted) {
                        break;
                    }
                    finishEntry(i, result);
                    current = -1;
                }
                progress.say(result.status().json() + (result.reason() == null ? "" : ": " + result.reason()));
            }
            synchronized (lock) {
                if (!interrupted) {
                    writeSuite(record.steps().stream().anyMatch(e -> e.status() == StepStatus.FAILED) ? "failed" : "done");
                }
            }
        } finally {
            if (!interrupted) {
                Runtime.getRuntime().removeShutdownHook(hook);
                releaseServers(true);
            }
        }
        return new Outcome(layout.root(), record.steps(), interrupted);
    }

    /** A planned step and which repeat of it. */
    private record Planned(PlannedStep step, int repeat, int repeats) {
    }

    /** Repeats interleave (1..k, 1..k, ...) so that drift over time hits every step alike. */
    private static List<Planned> interleave(ExperimentPlan plan, int repeats) {
        List<Planned> order = new ArrayList<>();
        for (int r = 1; r <= repeats; r++) {
            for (PlannedStep s : plan.steps()) {
                order.add(new Planned(s, r, repeats));
            }
        }
        return order;
    }

    private static boolean allDone(SuiteLayout earlier, List<Planned> order) {
        return order.stream().allMatch(p -> {
            Path json = SuiteLayout.stepJson(earlier.stepDir(p.step().index(), p.step().name(), p.repeat(), p.repeats()));
            return Files.isRegularFile(json) && JsonFiles.read(json, StepResult.class).status().isFinal();
        });
    }

    private SuiteRecord readEarlier(Path dir, Experiment experiment) {
        SuiteLayout earlier = new SuiteLayout(dir);
        if (!Files.isRegularFile(earlier.suiteJson())) {
            throw new BadInputException("--resume " + dir + ": no suite.json there; name a result directory "
                    + "of an earlier run (results/<experiment>/<timestamp>)");
        }
        SuiteRecord r = JsonFiles.read(earlier.suiteJson(), SuiteRecord.class);
        if (!r.experiment().equals(experiment.name())) {
            throw new BadInputException("--resume " + dir + " holds results of experiment '" + r.experiment()
                    + "', not '" + experiment.name() + "'; resume it with its own file, or drop --resume");
        }
        return r;
    }

    /**
     * Checks every step's settings against the real server before anything is loaded or written.
     * Values this server build lacks (lz4, io_uring) reject just their step; anything else is bad input.
     */
    private Map<String, String> preflight(ExperimentPlan plan) {
        Server server = firstServer(plan);
        Map<String, String> rejected = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        int connections = connectionsNeeded(plan.experiment().workload());
        for (PlannedStep step : plan.steps()) {
            try {
                SettingsCatalog catalog = engine.preflight(server, step.settings());
                ConnectionBudget.Fitted fitted = ConnectionBudget.fit(connections, step.settings(), catalog);
                if (fitted.decision().raised()) {
                    options.out().println("step " + step.name() + ": " + fitted.decision().note());
                }
                settingsToApply.put(step.name(), fitted.settings());
            } catch (OverlayRejectedException e) {
                settingsToApply.put(step.name(), step.settings());
                boolean onlyBuild = e.problems().stream().allMatch(pr -> pr.unsupportedByBuild());
                if (onlyBuild) {
                    rejected.put(step.name(), "not supported by this server build: " + e.getMessage());
                } else {
                    e.problems().stream().filter(pr -> !pr.unsupportedByBuild())
                            .forEach(pr -> problems.add(located(plan.experiment(), step, pr)));
                }
            }
            if (supply instanceof ServerSupply.External && !step.initdb().isEmpty()) {
                rejected.put(step.name(), "needs its own cluster (initdb " + String.join(" ", step.initdb())
                        + "), which an external server cannot provide");
            }
        }
        if (!problems.isEmpty()) {
            String checked = server.describe();
            releaseServers(true);
            throw new BadInputException(String.join("\n", problems.stream().distinct().toList()) + "\n  (checked against " + checked
                    + "; nothing was changed)\n  fix: correct or remove the setting at that line; "
                    + "PostgreSQL's valid values and units are in pg_settings (SHOW name, or the docs)");
        }
        return rejected;
    }

    /** Client connections a run opens, which max_connections must leave room for. */
    private static int connectionsNeeded(WorkloadSpec workload) {
        return switch (workload.kind()) {
            case TPCC -> workload.tpcc().terminals();
            // per client: an inserting, a deleting and a querying connection
            case INSERTBENCH -> 3 * workload.insertbench().clients();
        };
    }

    private Server firstServer(ExperimentPlan plan) {
        if (supply instanceof ServerSupply.External ext) {
            // the user's --allow-alter-system decides, before anything is recorded or changed
            new OverlayEngine(ext.allowAlterSystem()).checkAllowed(ext.server());
            engine.checkAllowed(ext.server());
            externalOriginal = Optional.of(AutoConfState.capture(ext.server()));
            return ext.server();
        }
        List<String> initdb = plan.steps().get(0).initdb();
        return cluster(initdb, plan.experiment(), false).server();
    }

    private SuiteRecord initialRecord(Experiment experiment, List<Planned> order, SuiteRecord earlier,
                                      Map<String, String> rejected) {
        List<SuiteRecord.Entry> entries = new ArrayList<>();
        for (Planned p : order) {
            Path dir = layout.stepDir(p.step().index(), p.step().name(), p.repeat(), p.repeats());
            String rel = layout.root().relativize(dir).toString();
            StepStatus status = StepStatus.PENDING;
            String reason = null;
            Path stepJson = SuiteLayout.stepJson(dir);
            if (earlier != null && Files.isRegularFile(stepJson)) {
                StepResult done = JsonFiles.read(stepJson, StepResult.class);
                if (done.status().isFinal()) {
                    status = done.status();
                    reason = done.reason();
                }
            }
            if (status == StepStatus.PENDING && rejected.containsKey(p.step().name())) {
                status = StepStatus.REJECTED;
                reason = rejected.get(p.step().name());
                JsonFiles.write(stepJson, new StepResult(p.step().index(), p.step().name(), p.repeat(), status, reason,
                        Instant.now(), Instant.now(), false, p.step().settings().size(), 0, Map.of(), null));
            }
            entries.add(new SuiteRecord.Entry(p.step().index(), p.step().name(), p.repeat(), rel, status, reason));
        }
        Instant started = earlier != null ? earlier.started() : Instant.now();
        RunEnvironment env = RunEnvironment.capture(options.commandLine(), serverVersion());
        return new SuiteRecord(experiment.name(), String.valueOf(experiment.source()), experiment.profile().orElse(null),
                List.copyOf(options.sets()), "running", started, Instant.now(), env, entries);
    }

    private String serverVersion() {
        Server s = supply instanceof ServerSupply.External ext ? ext.server()
                : clusters.values().stream().map(Cluster::server).findFirst().orElse(null);
        if (s == null) {
            return "unknown";
        }
        try (var c = s.connection().connect(); var st = c.createStatement(); var rs = st.executeQuery("select version()")) {
            rs.next();
            return rs.getString(1);
        } catch (SQLException | RuntimeException e) {
            return "unknown (" + e.getMessage() + ")";
        }
    }

    private StepResult runStep(Experiment experiment, Planned p, SuiteProgress progress) {
        PlannedStep step = p.step();
        Path dir = layout.stepDir(step.index(), step.name(), p.repeat(), p.repeats());
        Workspace.delete(dir);
        Instant started = Instant.now();
        Map<String, Double> seconds = new LinkedHashMap<>();
        Server server = null;
        OverlayResult overlay = null;
        try {
            long t0 = System.nanoTime();
            server = prepareServer(experiment, step, progress);
            seconds.put("restore_and_start", secondsSince(t0));

            long t1 = System.nanoTime();
            Map<String, Object> settings = settingsToApply.getOrDefault(step.name(), step.settings());
            progress.say("applying " + settings.size() + " settings");
            overlay = engine.apply(server, settings);
            SettingsReport.writeJson(overlay, dir.resolve("settings.json"));
            seconds.put("overlay", secondsSince(t1));

            long t2 = System.nanoTime();
            Workload workload = Workloads.create(experiment.workload(), server.connection(), benchBase);
            WorkloadResult result = runWorkload(workload, server, dir, progress);
            seconds.put("run", secondsSince(t2));
            saveLogTail(server, dir);
            if (!server.isRunning()) {
                // figures from a window the server did not live through are not a measurement of the settings
                return outcome(step, p.repeat(), started, overlay, seconds, null,
                        "server stopped during the run (crashed or killed); see server-log-tail.txt");
            }
            return outcome(step, p.repeat(), started, overlay, seconds, result, null);
        } catch (OverlayRejectedException e) {
            saveLogTail(server, dir);
            return stepResult(step, p.repeat(), StepStatus.REJECTED, e.getMessage(), started, overlay, seconds, null);
        } catch (ServerException e) {
            if (server == null && supply instanceof ServerSupply.Managed && clusters.get(step.initdb()) != null) {
                server = clusters.get(step.initdb()).server(); // failed while starting: its log says why
            }
            saveLogTail(server, dir);
            rollBackAutoConf(step);
            String fatal = e.logTail().stream().filter(l -> l.contains("FATAL:") || l.contains("PANIC:")).findFirst()
                    .map(l -> ": " + l.substring(l.indexOf(l.contains("FATAL:") ? "FATAL:" : "PANIC:")).replaceAll("\\s+", " "))
                    .orElse("");
            return outcome(step, p.repeat(), started, overlay, seconds, null, "server: " + e.getMessage() + fatal
                    + (server instanceof ManagedServer ? " (log tail in server-log-tail.txt)" : ""));
        } catch (WorkloadException | RuntimeException e) {
            saveLogTail(server, dir);
            boolean died = server != null && !server.isRunning();
            return outcome(step, p.repeat(), started, overlay, seconds, null,
                    (died ? "server stopped during the run (crashed or killed; see server-log-tail.txt): " : "")
                            + e.getClass().getSimpleName() + ": " + e.getMessage());
        } finally {
            stopManaged(step);
        }
    }

    /** Restores the loaded data (data: restore) and starts the step's cluster; an external server is used as is. */
    private Server prepareServer(Experiment experiment, PlannedStep step, SuiteProgress progress) {
        if (supply instanceof ServerSupply.External ext) {
            ensureLoadedExternal(experiment, ext.server(), progress);
            return ext.server();
        }
        Cluster cluster = cluster(step.initdb(), experiment, true);
        clusters.values().stream().filter(c -> c != cluster).forEach(c -> c.server().stop());
        ManagedServer server = cluster.server();
        if (experiment.data() == DataPolicy.RESTORE) {
            server.stop();
            progress.say("restoring the loaded data");
            cluster.snapshot().restoreInto(server);
        }
        if (!server.isRunning()) {
            server.start();
        }
        return server;
    }

    /**
     * The cluster for one set of initdb options: created, started and (when {@code loaded}) loaded with
     * the workload's data and snapshotted, once.
     */
    private Cluster cluster(List<String> initdb, Experiment experiment, boolean loaded) {
        ServerSupply.Managed managed = (ServerSupply.Managed) supply;
        Cluster c = clusters.get(initdb);
        if (c == null) {
            String label = experiment.name() + (clusters.isEmpty() ? "" : "-" + (clusters.size() + 1));
            ManagedServer server = ManagedServer.create(managed.binaries(), managed.runAs(),
                    Workspace.newInstanceDir(managed.workDir(), label));
            server.initdb(initdb);
            server.start();
            c = new Cluster(server, null);
            clusters.put(initdb, c);
        }
        if (loaded && c.snapshot() == null) {
            c = load(initdb, c, experiment);
        }
        return c;
    }

    private Cluster load(List<String> initdb, Cluster c, Experiment experiment) {
        ManagedServer server = c.server();
        if (!server.isRunning()) {
            server.start();
        }
        String what = experiment.workload().kind().name().toLowerCase() + " data";
        ((ServerSupply.Managed) supply).disk().check(server.instanceDir().getParent(), DiskSpace.estimate(experiment.workload()), what);
        options.out().println("loading " + what
                + (initdb.isEmpty() ? "" : " into the cluster with initdb " + String.join(" ", initdb)));
        long t0 = System.nanoTime();
        Workload workload = Workloads.create(experiment.workload(), server.connection(), benchBase);
        try {
            workload.load(server.connection(), (phase, done, total, unit) -> { });
        } catch (WorkloadException e) {
            throw new ServerException("loading the workload's data failed: " + e.getMessage(), server.logTail(20), e);
        }
        server.stop();
        DataSnapshot snapshot = DataSnapshot.take(server, "loaded");
        options.out().printf("loaded in %.1f s; snapshot at %s%n", secondsSince(t0), snapshot.path());
        Cluster loaded = new Cluster(server, snapshot);
        clusters.put(initdb, loaded);
        return loaded;
    }

    private void ensureLoadedExternal(Experiment experiment, Server server, SuiteProgress progress) {
        // An external server keeps its data between steps (data: continue); load only what is missing.
        Workload workload = Workloads.create(experiment.workload(), server.connection(), benchBase);
        try {
            if (Databases.exists(server.connection(), workload.database())) {
                return;
            }
            progress.say("loading data into database " + workload.database() + " on the external server");
            workload.load(server.connection(), progress);
        } catch (SQLException | WorkloadException e) {
            throw new ServerException("loading data into the external server failed: " + e.getMessage(), List.of(), e);
        }
    }

    private WorkloadResult runWorkload(Workload workload, Server server, Path dir, SuiteProgress progress)
            throws WorkloadException {
        StatsCollector collector = options.collect() ? startCollector(workload, server, dir, progress) : null;
        MeasurementListener listener = CollectorWindows.of(collector, phase -> progress.say("measuring " + phase));
        try {
            progress.say("warm-up and run");
            return workload.run(server.connection(), dir, listener);
        } finally {
            if (collector != null) {
                collector.finish();
                collector.close();
            }
        }
    }

    private StatsCollector startCollector(Workload workload, Server server, Path dir, SuiteProgress progress) {
        if (workload.collectsItsOwnStats()) {
            return null; // one collector per window: the workload's own (BenchBase's agent)
        }
        ConnectionInfo c = server.connection();
        try {
            return StatsCollector.start(ConnectionSource.of(c.jdbcUrl(workload.database()), c.user(), c.password()),
                    CollectorSettings.defaults().withInterval(options.collectorInterval()).withOutput(dir, ""));
        } catch (SQLException e) {
            progress.say("stats collector could not start (" + e.getMessage() + "); running without it");
            return null;
        }
    }

    /** Decides the status from what happened and what the step expected. */
    private static StepResult outcome(PlannedStep step, int repeat, Instant started, OverlayResult overlay,
                                      Map<String, Double> seconds, WorkloadResult result, String error) {
        boolean failed = error != null || (result != null && result.headline().goodput() == 0 && result.headline().failed() > 0);
        String why = error != null ? error
                : failed ? "no transaction succeeded (" + result.headline().failed() + " failed)" : null;
        Object lastError = result == null ? null : result.headline().details().get("last_error");
        if (step.expectFail().isPresent() && !failed && lastError != null
                && lastError.toString().toLowerCase(java.util.Locale.ROOT)
                        .contains(step.expectFail().get().toLowerCase(java.util.Locale.ROOT))) {
            // The server refused part of the work with the very error the step probes for (e.g. 128kB of
            // shared_buffers: "no unpinned buffers available"): that is the outcome, not the throughput.
            return stepResult(step, repeat, StepStatus.FAILED_AS_EXPECTED, "expected (" + step.expectFail().get() + "): "
                    + result.headline().failed() + " of " + result.headline().completed() + " requests failed, e.g. "
                    + lastError, started, overlay, seconds, result);
        }
        if (step.expectFail().isPresent()) {
            if (failed) {
                return stepResult(step, repeat, StepStatus.FAILED_AS_EXPECTED,
                        "expected (" + step.expectFail().get() + "): " + why, started, overlay, seconds, result);
            }
            return stepResult(step, repeat, StepStatus.DONE, "expected to fail (" + step.expectFail().get()
                    + ") but did not", started, overlay, seconds, result);
        }
        return stepResult(step, repeat, failed ? StepStatus.FAILED : StepStatus.DONE, why, started, overlay, seconds, result);
    }

    private static StepResult stepResult(PlannedStep step, int repeat, StepStatus status, String reason, Instant started,
                                         OverlayResult overlay, Map<String, Double> seconds, WorkloadResult result) {
        int verified = overlay == null ? 0 : (int) overlay.settings().stream().filter(s -> s.verified()).count();
        return new StepResult(step.index(), step.name(), repeat, status, reason, started, Instant.now(),
                overlay != null && overlay.restarted(), step.settings().size(), verified, seconds, result);
    }

    private void finishEntry(int i, StepResult result) {
        SuiteRecord.Entry e = record.steps().get(i);
        JsonFiles.write(SuiteLayout.stepJson(layout.root().resolve(e.dir())), result);
        List<SuiteRecord.Entry> entries = new ArrayList<>(record.steps());
        entries.set(i, new SuiteRecord.Entry(e.index(), e.name(), e.repeat(), e.dir(), result.status(), result.reason()));
        record = new SuiteRecord(record.experiment(), record.source(), record.profile(), record.sets(), record.status(),
                record.started(), Instant.now(), record.environment(), entries);
        writeSuite("running");
    }

    private void writeSuite(String status) {
        record = new SuiteRecord(record.experiment(), record.source(), record.profile(), record.sets(), status,
                record.started(), Instant.now(), record.environment(), record.steps());
        JsonFiles.write(layout.suiteJson(), record);
    }

    private void saveLogTail(Server server, Path dir) {
        if (server == null) {
            return;
        }
        try {
            JsonFiles.writeText(dir.resolve("server-log-tail.txt"), String.join("\n", server.logTail(200)) + "\n");
        } catch (RuntimeException e) {
            // the log tail is a help, never a reason to lose the step's result
        }
    }

    /**
     * A setting that stops the server from starting must not poison later steps (data: continue):
     * empty postgresql.auto.conf while the server is down, as ALTER SYSTEM RESET ALL would.
     */
    private void rollBackAutoConf(PlannedStep step) {
        if (supply instanceof ServerSupply.Managed) {
            Cluster c = clusters.get(step.initdb());
            if (c != null && !c.server().isRunning()) {
                try {
                    Path auto = c.server().dataDirectory().resolve("postgresql.auto.conf");
                    Files.writeString(auto, "# Do not edit this file manually!\n# It will be overwritten by the ALTER SYSTEM command.\n");
                } catch (java.io.IOException e) {
                    options.out().println("warning: could not reset " + c.server().dataDirectory() + "/postgresql.auto.conf: " + e.getMessage());
                }
            }
        }
    }

    private void stopManaged(PlannedStep step) {
        if (supply instanceof ServerSupply.Managed) {
            Cluster c = clusters.get(step.initdb());
            if (c != null) {
                try {
                    c.server().stop();
                } catch (ServerException e) {
                    options.out().println("warning: " + e.describe());
                }
            }
        }
    }

    /** Stops every cluster (deleting them unless asked to keep) and restores an external server's settings. */
    private void releaseServers(boolean delete) {
        for (Cluster c : clusters.values()) {
            try {
                c.server().stop();
            } catch (RuntimeException e) {
                options.out().println("warning: could not stop " + c.server().describe() + ": " + e.getMessage());
            }
            if (delete) {
                Workspace.delete(c.server().instanceDir());
            }
        }
        clusters.clear();
        if (supply instanceof ServerSupply.External ext) {
            externalOriginal.ifPresent(state -> state.restore(ext.server()));
        }
    }

    /** Shutdown hook: Ctrl-C or SIGTERM while the suite runs. */
    private void onSignal() {
        // no ALTER SYSTEM may land after the restore below
        engine.cancel();
        synchronized (lock) {
            interrupted = true;
            if (record != null) {
                if (current >= 0) {
                    SuiteRecord.Entry e = record.steps().get(current);
                    List<SuiteRecord.Entry> entries = new ArrayList<>(record.steps());
                    entries.set(current, new SuiteRecord.Entry(e.index(), e.name(), e.repeat(), e.dir(),
                            StepStatus.INTERRUPTED, "interrupted by a signal"));
                    record = new SuiteRecord(record.experiment(), record.source(), record.profile(), record.sets(),
                            record.status(), record.started(), Instant.now(), record.environment(), entries);
                }
                writeSuite("interrupted");
            }
        }
        // A resumed run makes and loads its own clusters: these would only fill the work directory.
        releaseServers(true);
        options.out().println("interrupted: servers stopped; results so far are in "
                + (layout == null ? "(no result directory yet)" : layout.root()) + "; finish with --resume");
        options.out().flush();
    }

    /** A preflight problem as file:line of the setting (so the user can jump to it), step and message. */
    private static String located(Experiment experiment, PlannedStep step, org.pgknobs.overlay.Problem problem) {
        String where = org.pgknobs.experiment.ExperimentLoader.whereSet(experiment, step.name(), problem.name())
                .orElse(String.valueOf(experiment.source()));
        return where + ": step " + step.name() + ": " + problem;
    }

    private static double secondsSince(long nanos) {
        return (System.nanoTime() - nanos) / 1e9;
    }
}
