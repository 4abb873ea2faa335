package org.pgknobs.run;

import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.Observe;
import org.pgknobs.experiment.plan.PlannedRun;
import org.pgknobs.experiment.plan.PlannedStep;
import org.pgknobs.overlay.OverlayEngine;
import org.pgknobs.overlay.OverlayRejectedException;
import org.pgknobs.overlay.OverlayResult;
import org.pgknobs.overlay.SettingsReport;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.MachineFacts;
import org.pgknobs.results.StepResult;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.SuiteLayout;
import org.pgknobs.results.WorkloadResult;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.server.Server;
import org.pgknobs.server.ServerException;
import org.pgknobs.server.Workspace;
import org.pgknobs.workload.MeasurementListener;
import org.pgknobs.workload.Workload;
import org.pgknobs.workload.WorkloadException;
import org.pgknobs.workload.benchbase.BenchBaseLauncher;

/**
 * Runs one step (one repeat): restore and start its server, apply its settings, capture its plans
 * (plans.json), run the workload with the collector, save the log tail, stop the server. Never throws for a failing step: every error ends
 * as a {@link StepResult} with its reason, so the suite goes on.
 */
final class StepRunner {

    private final Clusters clusters;
    private final OverlayEngine engine;
    private final BenchBaseLauncher benchBase;
    private final WorkloadWithCollector measured;
    private final MachineProbe machine = new MachineProbe();
    private final LiveOptions live;
    private final Path suiteProgressLog;

    /** @param suiteProgressLog where every step's live lines are appended too (the file to tail -f) */
    StepRunner(Clusters clusters, OverlayEngine engine, BenchBaseLauncher benchBase, WorkloadWithCollector measured,
               LiveOptions live, Path suiteProgressLog) {
        this.clusters = clusters;
        this.engine = engine;
        this.benchBase = benchBase;
        this.measured = measured;
        this.live = live;
        this.suiteProgressLog = suiteProgressLog;
    }

    StepResult run(Experiment experiment, PlannedRun p, Path dir, Map<String, Object> settings, SuiteProgress progress) {
        PlannedStep step = p.step();
        Workspace.delete(dir);
        Instant started = Instant.now();
        Map<String, Double> seconds = new LinkedHashMap<>();
        Server server = null;
        OverlayResult overlay = null;
        try {
            long t0 = System.nanoTime();
            server = clusters.prepare(experiment, step, progress);
            seconds.put("restore_and_start", secondsSince(t0));

            long t1 = System.nanoTime();
            progress.say("applying " + settings.size() + " settings");
            overlay = engine.apply(server, settings);
            SettingsReport.writeJson(overlay, dir.resolve("settings.json"));
            seconds.put("overlay", secondsSince(t1));

            Workload workload = Workloads.create(experiment.workload(), server.connection(), benchBase);
            long tp = System.nanoTime();
            PlanCapture.capture(workload, server.connection(), dir);
            seconds.put("plans", secondsSince(tp));

            long t2 = System.nanoTime();
            Long postmaster = server instanceof ManagedServer m ? m.postmasterPid().orElse(null) : null;
            CpuWatch cpu = new CpuWatch(postmaster);
            AutovacuumLogCopy autovacuumLog = new AutovacuumLogCopy();
            LiveProgress lines = new LiveProgress(live.quiet() ? null : progress::say,
                    List.of(SuiteLayout.progressLog(dir), suiteProgressLog), p.label(), live);
            WorkloadResult result = runWorkload(experiment, workload, server, dir, progress,
                    new BothListeners(cpu, new BothListeners(autovacuumLog, lines)), postmaster);
            seconds.put("run", secondsSince(t2));
            saveLogTail(server, dir);
            autovacuumLog.save(server, dir, result.headlinePhase());
            if (!server.isRunning()) {
                // figures from a window the server did not live through are not a measurement of the settings
                return StepVerdict.of(step, p.repeat(), started, overlay, seconds, null,
                        "server stopped during the run (crashed or killed); see server-log-tail.txt");
            }
            long t3 = System.nanoTime();
            MachineFacts facts = machineFacts(server, workload.database(), dir, result, cpu);
            seconds.put("machine_facts", secondsSince(t3));
            return StepVerdict.of(step, p.repeat(), started, overlay, seconds, result, null).withMachine(facts);
        } catch (OverlayRejectedException e) {
            saveLogTail(server, dir);
            return StepVerdict.result(step, p.repeat(), StepStatus.REJECTED, e.getMessage(), started, overlay, seconds, null);
        } catch (ServerException e) {
            if (server == null) {
                server = clusters.managedFor(step).orElse(null); // failed while starting: its log says why
            }
            saveLogTail(server, dir);
            clusters.rollBackAutoConf(step);
            String fatal = e.fatalLine().map(l -> ": " + l).orElse("");
            return StepVerdict.of(step, p.repeat(), started, overlay, seconds, null, "server: " + e.getMessage() + fatal
                    + (server instanceof ManagedServer ? " (log tail in server-log-tail.txt)" : ""));
        } catch (WorkloadException | RuntimeException e) {
            saveLogTail(server, dir);
            boolean died = server != null && !server.isRunning();
            return StepVerdict.of(step, p.repeat(), started, overlay, seconds, null,
                    (died ? "server stopped during the run (crashed or killed; see server-log-tail.txt): " : "")
                            + e.getClass().getSimpleName() + ": " + e.getMessage());
        } finally {
            clusters.stopAfter(step);
        }
    }

    /** The workload with the collector and, when the experiment observes it, perf on the server's processes. */
    private WorkloadResult runWorkload(Experiment experiment, Workload workload, Server server, Path dir,
                                       SuiteProgress progress, MeasurementListener also, Long postmaster)
            throws WorkloadException {
        if (!experiment.observe().contains(Observe.PROFILE)) {
            return measured.run(workload, server, dir, progress, also);
        }
        progress.say("starting perf on the server's processes");
        ProfileCapture profile = ProfileCapture.start(postmaster);
        boolean ran = false;
        try {
            WorkloadResult result = measured.run(workload, server, dir, progress, new BothListeners(also, profile));
            ran = true;
            return result;
        } finally {
            if (ran) {
                progress.say("folding the server's CPU profile");
                profile.finish(dir, workload.collectsItsOwnStats());
            } else {
                profile.abandon();
            }
        }
    }

    /** The machine facts explain a measurement; failing to read them is never a reason to lose it. */
    private MachineFacts machineFacts(Server server, String database, Path dir, WorkloadResult result, CpuWatch cpu) {
        try {
            return machine.facts(server, database, dir, result, cpu.byPhase());
        } catch (RuntimeException e) {
            return new MachineFacts(cpu.byPhase(), null, null, null, Map.of("machine", "not read: " + e));
        }
    }

    private static void saveLogTail(Server server, Path dir) {
        if (server == null) {
            return;
        }
        try {
            JsonFiles.writeText(dir.resolve("server-log-tail.txt"), String.join("\n", server.logTail(200)) + "\n");
        } catch (RuntimeException e) {
            // the log tail is a help, never a reason to lose the step's result
        }
    }

    static double secondsSince(long nanos) {
        return (System.nanoTime() - nanos) / 1e9;
    }
}
