package org.pgknobs.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.pgknobs.BadInputException;
import org.pgknobs.benchbase.CsvFiles;
import org.pgknobs.benchbase.Sample;
import org.pgknobs.collector.PgStats;
import org.pgknobs.collector.PgStatsFiles;
import org.pgknobs.collector.StatementsFiles;
import org.pgknobs.collector.WindowStats;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.yaml.ExperimentLoader;
import org.pgknobs.results.AppliedSetting;
import org.pgknobs.results.SettingsRecord;
import org.pgknobs.profile.FoldedStacks;
import org.pgknobs.results.ProfileSummary;
import org.pgknobs.report.captures.Capture;
import org.pgknobs.report.captures.StepCaptures;
import org.pgknobs.results.AblationRecord;
import org.pgknobs.results.MachineCalibration;
import org.pgknobs.results.AutovacuumLog;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.StepPlans;
import org.pgknobs.results.StepResult;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.SuiteLayout;
import org.pgknobs.results.SuiteRecord;

/**
 * Reads a result directory from its files only (see docs/reports.md), so any run, finished or not,
 * can be reported again later. A file that is missing leaves its part of a step empty; a file that
 * exists but cannot be parsed is an error naming the file (a capture file's error waits in its
 * {@link Capture} for whoever needs the file). The one class of the report that reads files: the report's
 * data, its why-rules, its formats and {@code pgknobs diff} are functions of what this returns.
 */
public final class ResultDirReader {

    static final String TPCC_SAMPLES = "tpcc.samples.csv";
    static final String INSERTBENCH_SAMPLES = "insertbench.samples.csv";
    private static final Pattern STEP_DIR = Pattern.compile("(\\d+)-(.+)");
    private static final Pattern REPEAT_DIR = Pattern.compile("r(\\d+)");

    private ResultDirReader() {
    }

    /** {@link #read(Path)} of a directory named on the command line. */
    public static RunData read(String dir) {
        return read(Path.of(dir));
    }

    public static RunData read(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new BadInputException(dir + " is not a directory; give a result directory such as "
                    + "results/<experiment>/<timestamp>");
        }
        SuiteLayout layout = new SuiteLayout(dir);
        Optional<SuiteRecord> suite = Files.isRegularFile(layout.suiteJson())
                ? Optional.of(JsonFiles.read(layout.suiteJson(), SuiteRecord.class)) : Optional.empty();
        Optional<Experiment> experiment = Files.isRegularFile(layout.resolvedExperiment())
                ? Optional.of(ExperimentLoader.loadRecord(layout.resolvedExperiment()))
                : Optional.empty();
        List<SuiteRecord.Entry> entries = suite.map(SuiteRecord::steps).filter(s -> !s.isEmpty())
                .orElseGet(() -> scanSteps(dir));
        if (entries.isEmpty()) {
            throw new BadInputException(dir + " holds neither suite.json nor steps/NN-name/step.json: "
                    + "not a pgknobs result directory");
        }
        List<StepRun> steps = entries.stream().map(e -> readStep(dir, e)).toList();
        Optional<AblationRecord> ablation = Files.isRegularFile(layout.ablationJson())
                ? Optional.of(JsonFiles.read(layout.ablationJson(), AblationRecord.class)) : Optional.empty();
        return new RunData(dir.toString(), suite, experiment, steps, ablation, MachineCalibration.in(dir));
    }

    /**
     * The summary table of a finished run (suite.json and resolved-experiment.yaml required): each of suite.json's
     * steps as {@link #read} reads it.
     */
    public static SummaryTable summaryTable(Path suiteDir) {
        SuiteLayout layout = new SuiteLayout(suiteDir);
        Experiment experiment = ExperimentLoader.loadRecord(layout.resolvedExperiment());
        SuiteRecord suite = JsonFiles.read(layout.suiteJson(), SuiteRecord.class);
        List<StepRun> steps = suite.steps().stream().map(e -> readStep(suiteDir, e)).toList();
        // the verdicts are the report's: summary.md renders the same model as report.md and report.json
        ReportData.Run model = ReportBuilder.run(new RunData(suiteDir.toString(), Optional.of(suite),
                Optional.of(experiment), steps, Optional.empty()), Optional.empty());
        return SummaryTable.of(experiment, suite, steps, model);
    }

    /** Without suite.json (a run killed before writing it): every steps/NN-name[/rK] holding step.json. */
    private static List<SuiteRecord.Entry> scanSteps(Path dir) {
        Path stepsDir = dir.resolve("steps");
        if (!Files.isDirectory(stepsDir)) {
            return List.of();
        }
        List<SuiteRecord.Entry> out = new ArrayList<>();
        try (Stream<Path> stepDirs = Files.list(stepsDir)) {
            for (Path stepDir : stepDirs.sorted().toList()) {
                Matcher m = STEP_DIR.matcher(stepDir.getFileName().toString());
                if (!m.matches()) {
                    continue;
                }
                int index = Integer.parseInt(m.group(1));
                List<Path> repeats;
                try (Stream<Path> rs = Files.list(stepDir)) {
                    repeats = rs.filter(p -> REPEAT_DIR.matcher(p.getFileName().toString()).matches())
                            .sorted(Comparator.comparingInt(p -> Integer.parseInt(p.getFileName().toString().substring(1))))
                            .toList();
                }
                if (repeats.isEmpty()) {
                    out.add(new SuiteRecord.Entry(index, m.group(2), 1, dir.relativize(stepDir).toString(), null, null));
                }
                for (Path r : repeats) {
                    out.add(new SuiteRecord.Entry(index, m.group(2), Integer.parseInt(r.getFileName().toString().substring(1)),
                            dir.relativize(r).toString(), null, null));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + stepsDir + ": " + e.getMessage(), e);
        }
        return out;
    }

    /** One step directory read alone (its index and repeat unknown: 0 and 1). */
    public static StepRun readStepDir(Path stepDir, String name) {
        return readStep(stepDir, new SuiteRecord.Entry(0, name, 1, null, null, null));
    }

    static StepRun readStep(Path runDir, SuiteRecord.Entry entry) {
        Path dir = entry.dir() == null ? runDir : runDir.resolve(entry.dir());
        StepResult result = Files.isRegularFile(SuiteLayout.stepJson(dir))
                ? JsonFiles.read(SuiteLayout.stepJson(dir), StepResult.class) : null;
        StepStatus status = result != null ? result.status() : entry.status() == null ? StepStatus.SKIPPED : entry.status();
        String reason = result != null && result.reason() != null ? result.reason() : entry.reason();
        Path statsFile = orOnly(PgStatsFiles.json(dir, null), ".pgstats.json");
        PgStats stats = Files.isRegularFile(statsFile) ? PgStatsFiles.read(statsFile) : null;

        Map<String, String> settings = new LinkedHashMap<>();
        if (stats != null && stats.environment() != null && stats.environment().settings() != null) {
            settings.putAll(stats.environment().settings());
        }
        Path settingsFile = dir.resolve("settings.json");
        Optional<List<AppliedSetting>> applied = Files.isRegularFile(settingsFile)
                ? Optional.of(SettingsRecord.read(settingsFile).settings()) : Optional.empty();
        applied.ifPresent(list -> list.forEach(s -> settings.put(s.name(), s.requested())));
        String headline = result != null && result.workload() != null ? result.workload().headlinePhase() : null;
        Map<String, List<StepRun.PhaseSample>> phaseSamples = readInsertBenchSamples(dir.resolve(INSERTBENCH_SAMPLES));
        List<StepRun.Point> perSecond = perSecond(dir, headline, phaseSamples);
        Optional<WindowStats> window = stats == null ? Optional.empty() : StepRun.headlineWindow(stats, headline);
        List<String> csv = window.isEmpty() ? List.of() : csvLines(
                statsFile.resolveSibling(statsFile.getFileName().toString().replace(".json", ".csv")));
        List<Double> checkpoints = csv.isEmpty() ? List.of() : CheckpointSeries.of(csv, window.get());
        List<StepRun.WaitRound> waits = csv.isEmpty() ? List.of() : WaitSeries.of(csv, window.get());
        return new StepRun(entry.index(), entry.name(), entry.repeat(), dir.toString(), status, reason, result, settings,
                stats, new StepRun.Series(perSecond, checkpoints, phaseSamples, waits), captures(dir, applied));
    }

    private static StepCaptures captures(Path dir, Optional<List<AppliedSetting>> settings) {
        return new StepCaptures(Capture.reading(() -> StepPlans.read(dir)),
                Capture.reading(() -> StatementsFiles.read(dir)), Capture.reading(() -> FoldedStacks.read(dir)),
                Capture.reading(() -> ProfileSummary.read(dir)), Capture.reading(() -> {
                    java.util.OptionalLong n = AutovacuumLog.entries(dir);
                    return n.isPresent() ? Optional.of(n.getAsLong()) : Optional.empty();
                }), settings);
    }

    /** pgstats.csv next to pgstats.json, read once for the checkpoints and the waits over time; none without it. */
    private static List<String> csvLines(Path csv) {
        if (!Files.isRegularFile(csv)) {
            return List.of();
        }
        try {
            return Files.readAllLines(csv);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + csv + ": " + e.getMessage(), e);
        }
    }

    /**
     * {@code preferred} when it exists, else the one file in its directory whose name ends with
     * {@code suffix} (the BenchBase agent prefixes its files with BenchBase's own result name); else
     * {@code preferred}, which does not exist. Our insert benchmark's samples never stand in for TPC-C's.
     */
    static Path orOnly(Path preferred, String suffix) {
        if (Files.isRegularFile(preferred) || !Files.isDirectory(preferred.getParent())) {
            return preferred;
        }
        try (Stream<Path> files = Files.list(preferred.getParent())) {
            List<Path> found = files.filter(p -> p.getFileName().toString().endsWith(suffix))
                    .filter(p -> !p.getFileName().toString().equals(INSERTBENCH_SAMPLES)).toList();
            return found.size() == 1 ? found.get(0) : preferred;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + preferred.getParent() + ": " + e.getMessage(), e);
        }
    }

    private static List<StepRun.Point> perSecond(Path dir, String headline,
                                                 Map<String, List<StepRun.PhaseSample>> phaseSamples) {
        Path tpcc = orOnly(dir.resolve(TPCC_SAMPLES), ".samples.csv");
        if (Files.isRegularFile(tpcc)) {
            List<Sample> samples = CsvFiles.readSamples(tpcc);
            return samples.stream().map(s -> new StepRun.Point(s.timeSeconds(), s.throughput())).toList();
        }
        List<StepRun.PhaseSample> samples = phaseSamples.getOrDefault(headline, List.of());
        return samples.stream().map(s -> new StepRun.Point(s.second(), s.ops())).toList();
    }

    /** insertbench.samples.csv: {@code phase,second,ops,max_ms}, one row per phase-second. */
    static Map<String, List<StepRun.PhaseSample>> readInsertBenchSamples(Path file) {
        Map<String, List<StepRun.PhaseSample>> out = new LinkedHashMap<>();
        if (!Files.isRegularFile(file)) {
            return out;
        }
        try {
            List<String> lines = Files.readAllLines(file);
            for (int i = 1; i < lines.size(); i++) {
                String line = lines.get(i);
                if (line.isBlank()) {
                    continue;
                }
                String[] f = line.split(",", -1);
                if (f.length != 4) {
                    throw new IllegalArgumentException(file + ":" + (i + 1) + ": expected phase,second,ops,max_ms, found " + line);
                }
                out.computeIfAbsent(f[0], k -> new ArrayList<>()).add(new StepRun.PhaseSample(
                        Long.parseLong(f[1]), Long.parseLong(f[2]), Double.parseDouble(f[3])));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        return out;
    }
}
