package org.pgknobs.run.data;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import org.pgknobs.experiment.DataPolicy;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.WorkloadSpec;
import org.pgknobs.experiment.plan.ExperimentPlan;
import org.pgknobs.experiment.plan.PlannedStep;
import org.pgknobs.overlay.AutoConfState;
import org.pgknobs.overlay.OverlayEngine;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.run.progress.SuiteProgress;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.server.InitdbTemplates;
import org.pgknobs.server.KeyedDirectories;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.server.Server;
import org.pgknobs.server.ServerException;
import org.pgknobs.server.Workspace;
import org.pgknobs.workload.Databases;
import org.pgknobs.workload.Workload;
import org.pgknobs.workload.WorkloadException;
import org.pgknobs.workload.tpcc.TpccWorkload;

/**
 * The servers and data a suite's steps run on: one managed cluster per distinct set of initdb options,
 * created, loaded and snapshotted once and restored before each step (data: restore; no snapshot for a cluster
 * the suite runs once, {@link #runningOnce}); or the one
 * external server, loaded only where its database is missing and given back its postgresql.auto.conf.
 */
public final class Clusters {

    /**
     * @param snapshot   the loaded data's copy; null before the load, and after it for a cluster that runs once
     * @param loaded     the workload's data is in
     * @param asSnapshot the data directory is still as loaded (just loaded, not started since)
     */
    private record Cluster(ManagedServer server, DataSnapshot snapshot, boolean loaded, boolean asSnapshot) {
        Cluster used() {
            return new Cluster(server, snapshot, loaded, false);
        }
    }

    private final ServerSupply supply;
    private final BiFunction<WorkloadSpec, ConnectionInfo, Workload> workloads;
    private final OverlayEngine engine;
    private final PrintStream out;
    private final Map<List<String>, Cluster> clusters = new LinkedHashMap<>();
    private final List<SuiteRecord.DataLoad> loads = new ArrayList<>();
    private final Optional<LoadCache> cache;
    private final Optional<InitdbTemplates> templates;
    private Optional<AutoConfState> externalOriginal = Optional.empty();
    private Set<List<String>> runOnce = Set.of();
    /**
     * The initdb groups whose last step's server ran until the step stopped it: it starts with the postgresql.auto.conf
     * that step left, so a restore keeps that file (see {@link DataSnapshot#restoreInto(ManagedServer, boolean)}).
     */
    private final Set<List<String>> startsWithItsAutoConf = new java.util.HashSet<>();

    /** @param workloads builds the workload that loads a cluster's data (the runner's, with its BenchBase) */
    public Clusters(ServerSupply supply, BiFunction<WorkloadSpec, ConnectionInfo, Workload> workloads, OverlayEngine engine,
                    PrintStream out) {
        this.supply = supply;
        this.workloads = workloads;
        this.engine = engine;
        this.out = out;
        this.cache = supply instanceof ServerSupply.Managed m ? m.loadCache().map(dir -> new LoadCache(dir, out))
                : Optional.empty();
        this.templates = supply instanceof ServerSupply.Managed m ? m.loadCache().map(dir -> InitdbTemplates.in(dir, out))
                : Optional.empty();
    }

    /**
     * The initdb groups the suite runs exactly once: loaded without a snapshot, since data: restore never needs
     * one there (the copy is the whole loaded cluster, 10+ GB for a real load).
     */
    public Clusters runningOnce(Set<List<String>> groups) {
        this.runOnce = Set.copyOf(groups);
        return this;
    }

    /** Where each cluster's data came so far, for suite.json. */
    public synchronized List<SuiteRecord.DataLoad> loads() {
        return List.copyOf(loads);
    }

    public boolean external() {
        return supply instanceof ServerSupply.External;
    }

    /** The server preflight checks against: the external one, or the first step's cluster (not loaded yet). */
    public Server first(ExperimentPlan plan) {
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

    /** Restores the loaded data (data: restore) and starts the step's cluster; an external server is used as is. */
    public Server prepare(Experiment experiment, PlannedStep step, SuiteProgress progress) {
        if (supply instanceof ServerSupply.External ext) {
            ensureLoadedExternal(experiment, ext.server(), progress);
            return ext.server();
        }
        Cluster existing = clusters.get(step.initdb());
        boolean loads = existing == null || !existing.loaded();
        if (loads) {
            progress.loadStarted();
        }
        Cluster cluster = cluster(step.initdb(), experiment, true);
        if (loads) {
            progress.loadFinished();
        }
        clusters.values().stream().filter(c -> c != cluster).forEach(c -> c.server().stop());
        ManagedServer server = cluster.server();
        if (experiment.data() == DataPolicy.RESTORE && !cluster.asSnapshot()) {
            if (cluster.snapshot() == null) {
                // never run on dirty data: the plan said this cluster runs once, and a second run would need the copy
                throw new IllegalStateException("step " + step.name() + ": data: restore needs the loaded data, but "
                        + "the cluster was loaded without a snapshot (planned to run once)");
            }
            server.stop();
            boolean keepAutoConf = startsWithItsAutoConf.remove(step.initdb());
            progress.say("restoring the loaded data");
            progress.say("restored: " + cluster.snapshot().restoreInto(server, keepAutoConf).describe()
                    + (keepAutoConf ? "; postgresql.auto.conf as the last step left it" : ""));
        }
        // the first step after the load starts on the very bytes the snapshot holds: no copy needed
        clusters.put(step.initdb(), cluster.used());
        if (!server.isRunning()) {
            server.start();
        }
        return server;
    }

    /** The step's managed cluster if it exists (a failed start: its log says why). */
    public Optional<Server> managedFor(PlannedStep step) {
        if (supply instanceof ServerSupply.Managed && clusters.get(step.initdb()) != null) {
            return Optional.of(clusters.get(step.initdb()).server());
        }
        return Optional.empty();
    }

    /**
     * The cluster for one set of initdb options: created, started and (when {@code loaded}) loaded with
     * the workload's data and snapshotted (unless it runs once, {@link #runningOnce}), once.
     */
    private Cluster cluster(List<String> initdb, Experiment experiment, boolean loaded) {
        ServerSupply.Managed managed = (ServerSupply.Managed) supply;
        Cluster c = clusters.get(initdb);
        if (c == null) {
            String label = experiment.name() + (clusters.isEmpty() ? "" : "-" + (clusters.size() + 1));
            ManagedServer server = ManagedServer.create(managed.binaries(), managed.runAs(),
                    Workspace.newInstanceDir(managed.workDir(), label));
            server.initdb(initdb, templates);
            server.start();
            c = new Cluster(server, null, false, false);
            clusters.put(initdb, c);
        }
        if (loaded && !c.loaded()) {
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
        out.println("loading " + what
                + (initdb.isEmpty() ? "" : " into the cluster with initdb " + String.join(" ", initdb)));
        long t0 = System.nanoTime();
        Workload workload = workloads.apply(experiment.workload(), server.connection());
        // only the built-in TPC-C loader says what its bytes depend on; BenchBase's and the insert benchmark's are not
        // cached; nor a cluster whose WAL is outside its data directory (--waldir), which an entry's copy would not hold
        Optional<KeyedDirectories.Key> key = cache.isPresent() && workload instanceof TpccWorkload tpcc
                && server.externalWalDirectory().isEmpty()
                ? Optional.of(LoadCache.key(server.binaries(), server.runAs().userName(), initdb,
                        server.dataDirectory(), tpcc.loadIdentity())) : Optional.empty();
        Optional<LoadCache.Entry> hit = key.flatMap(k -> cache.get().lookup(k));
        Instant loadedAt = Instant.now();
        if (hit.isPresent()) {
            server.stop();
            cache.get().copyInto(key.get(), server);
            server.resetSuperuserPassword();
        } else {
            try {
                workload.load(server.connection(), (phase, done, total, unit) -> { });
            } catch (WorkloadException e) {
                throw new ServerException("loading the workload's data failed: " + e.getMessage(), server.logTail(20), e);
            }
            server.stop();
        }
        double seconds = (System.nanoTime() - t0) / 1e9; // the load (or the copy), not the cache's own copy below
        key.filter(k -> hit.isEmpty()).ifPresent(k -> cache.get().store(k, server, loadedAt, seconds));
        DataSnapshot snapshot = runOnce.contains(initdb) ? null : DataSnapshot.take(server, "loaded");
        String kept = snapshot == null ? "no snapshot: this cluster runs once"
                : "snapshot at " + snapshot.path() + " (" + snapshot.taken().describe() + ")";
        if (hit.isPresent()) {
            out.printf("loaded from cache %s (original load %.1f s at %s) in %.1f s; %s%n",
                    key.get().shortId(), hit.get().loadSeconds(), hit.get().loadedAt(), seconds, kept);
        } else {
            out.printf("loaded in %.1f s; %s%n", seconds, kept);
        }
        synchronized (this) {
            loads.add(new SuiteRecord.DataLoad(initdb, hit.isPresent() ? "cache" : "load", seconds,
                    key.map(KeyedDirectories.Key::id).orElse(null), hit.map(LoadCache.Entry::loadedAt).orElse(null),
                    hit.map(LoadCache.Entry::loadSeconds).orElse(null)));
        }
        Cluster loaded = new Cluster(server, snapshot, true, true);
        clusters.put(initdb, loaded);
        return loaded;
    }

    private void ensureLoadedExternal(Experiment experiment, Server server, SuiteProgress progress) {
        // An external server keeps its data between steps (data: continue); load only what is missing.
        Workload workload = workloads.apply(experiment.workload(), server.connection());
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

    /**
     * A setting that stops the server from starting must not poison later steps (data: continue):
     * empty postgresql.auto.conf while the server is down, as ALTER SYSTEM RESET ALL would.
     */
    public void rollBackAutoConf(PlannedStep step) {
        if (supply instanceof ServerSupply.Managed) {
            Cluster c = clusters.get(step.initdb());
            if (c != null && !c.server().isRunning()) {
                emptyAutoConf(c.server());
            }
        }
    }

    private void emptyAutoConf(ManagedServer server) {
        try {
            Path auto = server.dataDirectory().resolve("postgresql.auto.conf");
            Files.writeString(auto, "# Do not edit this file manually!\n# It will be overwritten by the ALTER SYSTEM command.\n");
        } catch (IOException e) {
            out.println("warning: could not reset " + server.dataDirectory() + "/postgresql.auto.conf: " + e.getMessage());
        }
    }

    /**
     * The server a trial start of one initdb group runs on: the group's cluster while it is still empty
     * (created and started now if preflight did not), or the external server.
     */
    public Server forTrial(List<String> initdb, Experiment experiment) {
        if (supply instanceof ServerSupply.External ext) {
            return ext.server();
        }
        ManagedServer server = cluster(initdb, experiment, false).server();
        if (!server.isRunning()) {
            server.start();
        }
        return server;
    }

    /** After a trial start PostgreSQL refused: the cluster back to its defaults and running (a managed one). */
    public void recoverFromTrial(List<String> initdb) {
        Cluster c = clusters.get(initdb);
        if (supply instanceof ServerSupply.Managed && c != null && !c.server().isRunning()) {
            emptyAutoConf(c.server());
            c.server().start();
        }
    }

    /**
     * The trial leaves nothing behind: empty clusters get their defaults back (stopped; the load starts
     * them) and lose the trial's log lines; an external server gets its postgresql.auto.conf back.
     */
    public void afterTrial() {
        if (supply instanceof ServerSupply.External ext) {
            externalOriginal.ifPresent(state -> state.restore(ext.server()));
            return;
        }
        for (Cluster c : clusters.values()) {
            if (!c.loaded()) {
                c.server().stop();
                emptyAutoConf(c.server());
                c.server().clearLogs();
            }
        }
    }

    /**
     * Stops the step's managed cluster after the step; an external server keeps running. A server that ran to here
     * on its applied overlay starts again on that postgresql.auto.conf, which the next restore may therefore keep.
     */
    public void stopAfter(PlannedStep step, boolean overlayApplied) {
        if (supply instanceof ServerSupply.Managed) {
            Cluster c = clusters.get(step.initdb());
            if (c != null) {
                try {
                    if (overlayApplied && c.server().isRunning()) {
                        startsWithItsAutoConf.add(step.initdb());
                    } else {
                        startsWithItsAutoConf.remove(step.initdb());
                    }
                    c.server().stop();
                } catch (ServerException e) {
                    out.println("warning: " + e.describe());
                }
            }
        }
    }

    /** Stops every cluster (deleting them unless asked to keep) and restores an external server's settings. */
    public void release(boolean delete) {
        for (Cluster c : clusters.values()) {
            try {
                c.server().stop();
            } catch (RuntimeException e) {
                out.println("warning: could not stop " + c.server().describe() + ": " + e.getMessage());
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

    /** The external server, or the first cluster's (running during preflight), if any. */
    public Optional<Server> anyServer() {
        return supply instanceof ServerSupply.External ext ? Optional.of(ext.server())
                : clusters.values().stream().map(c -> (Server) c.server()).findFirst();
    }

    /** {@code select version()} of the external server or the first cluster, for suite.json. */
    public String serverVersion() {
        Server s = anyServer().orElse(null);
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
}
