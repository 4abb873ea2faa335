package org.pgknobs.report.format;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.pgknobs.collector.CollectorSettings;
import org.pgknobs.collector.ConnectionSource;
import org.pgknobs.collector.StatsCollector;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.InsertBenchSpec;
import org.pgknobs.experiment.plan.ExperimentPlan;
import org.pgknobs.experiment.plan.PlannedStep;
import org.pgknobs.experiment.yaml.ExperimentLoader;
import org.pgknobs.experiment.yaml.ExperimentYaml;
import org.pgknobs.overlay.OverlayEngine;
import org.pgknobs.overlay.OverlayRejectedException;
import org.pgknobs.overlay.OverlayResult;
import org.pgknobs.overlay.SettingsReport;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.RunEnvironment;
import org.pgknobs.results.StepResult;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.SuiteLayout;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.workload.MeasurementListener;
import org.pgknobs.workload.ProgressListener;
import org.pgknobs.workload.WorkloadResult;
import org.pgknobs.workload.insertbench.InsertBenchConfig;
import org.pgknobs.workload.insertbench.InsertBenchVariant;
import org.pgknobs.workload.insertbench.InsertBenchWorkload;

/**
 * Writes a real result directory the way the suite runner lays it out, until the lead's TinyRuns is on
 * main: every step is applied with the overlay engine (settings.json), measured by the real insert
 * benchmark with the real collector around each phase (pgstats.json/csv, insertbench.*), and recorded as
 * StepResult/SuiteRecord. A step the preflight rejects is recorded as rejected, as the runner does.
 */
final class ResultDirFixture {

    private ResultDirFixture() {
    }

    static Path run(String experimentYaml, Path resultsRoot, ManagedServer server) throws Exception {
        Path yaml = Files.createTempFile("report-fixture", ".yaml");
        Files.writeString(yaml, experimentYaml);
        Experiment experiment = ExperimentLoader.load(yaml, Optional.empty(), List.of());
        Files.delete(yaml);
        SuiteLayout layout = SuiteLayout.fresh(resultsRoot, experiment.name(), LocalDateTime.now());
        Files.createDirectories(layout.root());
        Files.writeString(layout.resolvedExperiment(), ExperimentYaml.write(experiment));

        InsertBenchSpec spec = experiment.workload().insertbench();
        InsertBenchConfig config = new InsertBenchConfig(spec.clients(), spec.initialRows(), spec.i1Rows(),
                spec.i2Rows(), (int) Math.max(1, spec.querySeconds().toSeconds()), spec.queryRates(),
                InsertBenchVariant.valueOf(spec.variant().name()),
                spec.cleanupWait() == null ? null : (int) spec.cleanupWait().toSeconds(), null);
        InsertBenchWorkload workload = new InsertBenchWorkload(config);
        workload.load(server.connection(), ProgressListener.NONE);
        ConnectionInfo db = server.connection().withDatabase(workload.database());
        OverlayEngine overlay = new OverlayEngine(false);
        Instant started = Instant.now();
        List<SuiteRecord.Entry> entries = new ArrayList<>();
        for (PlannedStep step : ExperimentPlan.of(experiment).steps()) {
            for (int repeat = 1; repeat <= experiment.repeats(); repeat++) {
                Path dir = layout.stepDir(step.index(), step.name(), repeat, experiment.repeats());
                Files.createDirectories(dir);
                StepResult result = runStep(step, repeat, dir, server, db, overlay, workload);
                JsonFiles.write(SuiteLayout.stepJson(dir), result);
                entries.add(new SuiteRecord.Entry(step.index(), step.name(), repeat,
                        layout.root().relativize(dir).toString(), result.status(), result.reason()));
            }
        }
        JsonFiles.write(layout.suiteJson(), new SuiteRecord(experiment.name(), experiment.source().toString(), null,
                List.of(), "done", started, Instant.now(), RunEnvironment.capture(List.of("ResultDirFixture"), null),
                entries, null));
        return layout.root();
    }

    private static StepResult runStep(PlannedStep step, int repeat, Path dir, ManagedServer server, ConnectionInfo db,
                                      OverlayEngine overlay, InsertBenchWorkload workload) throws Exception {
        Instant started = Instant.now();
        OverlayResult applied;
        try {
            applied = overlay.apply(server, step.settings());
        } catch (OverlayRejectedException e) {
            return new StepResult(step.index(), step.name(), repeat, StepStatus.REJECTED, e.getMessage(), started,
                    Instant.now(), false, step.settings().size(), 0, Map.of(), null, null);
        }
        SettingsReport.writeJson(applied, dir.resolve("settings.json"));
        WorkloadResult measured;
        try (StatsCollector collector = StatsCollector.start(ConnectionSource.of(db.jdbcUrl(), db.user(), db.password()),
                CollectorSettings.defaults().withInterval(Duration.ofMillis(200)).withOutput(dir, null))) {
            measured = workload.run(server.connection(), dir, new MeasurementListener() {
                @Override
                public void phaseStarted(String phase) {
                    collector.beginWindow(phase);
                }

                @Override
                public void phaseEnded(String phase) {
                    collector.endWindow(phase);
                }
            });
            collector.finish();
        }
        Map<String, Double> seconds = new LinkedHashMap<>();
        seconds.put("overlay", applied.took().toMillis() / 1000.0);
        seconds.put("run", Duration.between(started, Instant.now()).toMillis() / 1000.0);
        return new StepResult(step.index(), step.name(), repeat, StepStatus.DONE, null, started, Instant.now(),
                applied.restarted(), applied.settings().size(),
                (int) applied.settings().stream().filter(s -> s.verified()).count(), seconds, measured, null);
    }
}
