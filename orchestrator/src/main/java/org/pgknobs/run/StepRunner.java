package org.pgknobs.run;

import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgknobs.experiment.Experiment;
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
import org.pgknobs.run.capture.BothListeners;
import org.pgknobs.run.capture.MachineProbe;
import org.pgknobs.run.capture.StepCaptures;
import org.pgknobs.run.capture.StepSubject;
import org.pgknobs.run.data.Clusters;
import org.pgknobs.run.progress.LiveOptions;
import org.pgknobs.run.progress.LiveProgress;
import org.pgknobs.run.progress.SuiteProgress;
import org.pgknobs.results.WorkloadResult;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.server.Server;
import org.pgknobs.server.ServerException;
import org.pgknobs.server.Workspace;
import org.pgknobs.workload.Workload;
import org.pgknobs.workload.WorkloadException;
import org.pgknobs.workload.benchbase.BenchBaseLauncher;

/**
 * Runs one step (one repeat): restore and start its server, apply its settings, run the workload with the
 * collector and the step's captures ({@link StepCaptures}: plans, CPU, autovacuum log, profile) around it, save the
 * log tail, read the machine facts, stop the server. Never throws for a failing step: every error ends
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
    /** The last run's live lines: their measured seconds are what the bracket's drift check reads. */
    private volatile LiveProgress lastLive;

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
        lastLive = null;
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
            StepSubject subject = new StepSubject(server, workload, dir, progress::say);
            StepCaptures captures = StepCaptures.forStep(experiment, server, machine);
            long tp = System.nanoTime();
            captures.beforeRun(subject);
            seconds.put("plans", secondsSince(tp));

            long t2 = System.nanoTime();
            LiveProgress lines = new LiveProgress(live.quiet() ? null : progress::say,
                    List.of(SuiteLayout.progressLog(dir), suiteProgressLog), p.label(), live);
            lastLive = lines;
            WorkloadResult result = runWorkload(workload, server, dir, progress, captures, lines);
            captures.afterRun(subject, result);
            seconds.put("run", secondsSince(t2));
            saveLogTail(server, dir);
            if (!server.isRunning()) {
                // figures from a window the server did not live through are not a measurement of the settings
                return StepVerdict.of(step, p.repeat(), started, overlay, seconds, null,
                        "server stopped during the run (crashed or killed); see server-log-tail.txt");
            }
            long t3 = System.nanoTime();
            MachineFacts facts = captures.machineFacts(subject, result);
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
            clusters.stopAfter(step, overlay != null); // applied, verified, and started with when it had to
        }
    }

    /** The workload with the collector, the captures told of every window; when it fails, they only end. */
    /** The last run's measured seconds of {@code phase}, per second; empty before any run or without a window. */
    double[] lastMeasuredRates(String phase) {
        LiveProgress l = lastLive;
        return l == null ? new double[0] : l.measuredRates(phase);
    }

    private WorkloadResult runWorkload(Workload workload, Server server, Path dir, SuiteProgress progress,
                                       StepCaptures captures, LiveProgress lines) throws WorkloadException {
        boolean ran = false;
        try {
            WorkloadResult result = measured.run(workload, server, dir, progress, new BothListeners(captures.listener(), lines));
            ran = true;
            return result;
        } finally {
            if (!ran) {
                captures.abandon();
            }
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
