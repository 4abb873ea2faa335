package org.pgknobs.history;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.json.Json;
import org.pgknobs.report.ReportBuilder;
import org.pgknobs.report.ReportData;
import org.pgknobs.report.Repeats;
import org.pgknobs.report.ResultDirReader;
import org.pgknobs.report.RunData;
import org.pgknobs.report.StepRun;
import org.pgknobs.results.PhaseResult;
import org.pgknobs.results.RunEnvironment;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.SuiteRecord;

/**
 * A result directory as history rows, read the one way the report reads it ({@link ResultDirReader} into
 * {@link RunData}, {@link ReportBuilder} for the figures), so any directory {@code pgknobs report} reads can be recorded.
 * A step is recorded when it finished: every repeat of it done, at least one with a headline throughput; a step still
 * pending or interrupted is left for {@code --resume} to finish and record.
 */
public final class HistoryEntries {

    /** The machine calibration a run writes beside suite.json (absent in directories older than issue 47). */
    public static final String CALIBRATION = "calibration.json";
    private static final Pattern VERSION = Pattern.compile("PostgreSQL (\\d+(?:\\.\\d+)*\\S*)");

    private HistoryEntries() {
    }

    public static RunEntry of(Path dir) {
        RunData data = ResultDirReader.read(dir);
        Map<String, List<StepRun>> byStep = new LinkedHashMap<>();
        data.steps().forEach(s -> byStep.computeIfAbsent(s.name(), k -> new ArrayList<>()).add(s));
        boolean anyMeasured = data.steps().stream().anyMatch(StepRun::measured);
        // the report's one model: the step's median and its interval against the base, as report.json has them
        ReportData.Run run = anyMeasured ? ReportBuilder.build(List.of(data), Optional.empty(), Instant.now()).runs().get(0)
                : null;
        List<StepEntry> steps = new ArrayList<>();
        if (run != null && run.setup().headlinePhase() != null) {
            String headline = run.setup().headlinePhase();
            for (ReportData.Step step : run.steps()) {
                List<StepRun> repeats = byStep.getOrDefault(step.name(), List.of());
                finished(step.name(), step.index(), repeats, headline, step).ifPresent(steps::add);
            }
        }
        return new RunEntry(facts(dir, data, run), steps);
    }

    private static Optional<StepEntry> finished(String name, int index, List<StepRun> repeats, String headline,
                                                ReportData.Step step) {
        if (repeats.isEmpty() || repeats.stream().anyMatch(r -> r.status() != StepStatus.DONE)) {
            return Optional.empty();
        }
        List<StepEntry.RepeatValue> values = new ArrayList<>();
        for (StepRun r : repeats) {
            Optional<PhaseResult> phase = Repeats.phase(r, headline);
            phase.ifPresent(p -> values.add(new StepEntry.RepeatValue(r.repeat(), p.throughput(), p.seconds(),
                    r.result().started() == null ? null : r.result().started().toString())));
        }
        if (values.isEmpty()) {
            return Optional.empty();
        }
        Map<String, String> settings = repeats.stream().filter(StepRun::measured).findFirst()
                .map(StepRun::settings).orElse(Map.of());
        ReportData.Effect effect = step.effect();
        Double median = effect == null || effect.throughput() == null ? null : effect.throughput().median();
        return Optional.of(StepEntry.of(name, index, settings, headline, median,
                effect == null ? null : effect.slowdownInterval(), values));
    }

    private static RunFacts facts(Path dir, RunData data, ReportData.Run run) {
        Optional<SuiteRecord> suite = data.suite();
        String experiment = data.experiment().map(Experiment::name)
                .orElseGet(() -> suite.map(s -> s.origin().experiment()).orElse(data.dirName()));
        String started = suite.map(s -> s.progress().started()).map(Instant::toString)
                .orElseGet(() -> data.steps().stream().filter(s -> s.result() != null && s.result().started() != null)
                        .map(s -> s.result().started()).min(Instant::compareTo).map(Instant::toString).orElse(null));
        Optional<RunEnvironment> env = suite.map(SuiteRecord::environment);
        String hostTag = suite.map(SuiteRecord::tags).map(t -> t.host()).orElse(null);
        String versionLine = run != null && run.setup().postgres() != null ? run.setup().postgres()
                : env.map(RunEnvironment::postgresVersion).orElse(null);
        Map<String, Object> host = new TreeMap<>();
        host.put("tag", hostTag);
        env.map(RunEnvironment::host).ifPresent(h -> {
            host.put("cores", h.cores());
            host.put("memoryBytes", h.memoryBytes());
            host.put("cpuModel", h.cpuModel());
            host.put("kernel", h.kernel());
            host.put("os", h.os());
        });
        // the spec's records as Java writes them: every field after the profile and --set, the same text for the
        // same spec (a pgknobs that adds a field to the spec writes another text: the gate then finds no earlier run)
        String workload = data.experiment().map(e -> e.workload().toString())
                .orElseGet(() -> run == null ? null : run.setup().workload());
        String key = Fingerprint.sha256(String.join("\n", experiment, data.dirName(), Objects.toString(started),
                Objects.toString(hostTag)));
        return new RunFacts(key, experiment, dir.toAbsolutePath().normalize().toString(), started,
                env.map(RunEnvironment::pgknobsVersion).orElse(null), env.map(RunEnvironment::gitCommit).orElse(null),
                minor(versionLine), versionLine, workload, Json.line(host), calibration(dir));
    }

    /** Whether the directory is one shard of an array (suite.json's tags): the merge records it, not the shard. */
    public static boolean isShard(Path dir) {
        Path suite = dir.resolve("suite.json");
        return Files.isRegularFile(suite) && Optional.ofNullable(
                org.pgknobs.results.JsonFiles.read(suite, SuiteRecord.class).tags()).map(t -> t.shard()).isPresent();
    }

    /** "PostgreSQL 18.6 on x86_64…" → "18.6"; null without a version line. */
    static String minor(String versionLine) {
        if (versionLine == null) {
            return null;
        }
        Matcher m = VERSION.matcher(versionLine);
        return m.find() ? m.group(1) : versionLine;
    }

    /** calibration.json on one line, as written; null when the directory has none. */
    private static String calibration(Path dir) {
        Path file = dir.resolve(CALIBRATION);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            JsonNode tree = Json.readTree(file);
            return Json.line(tree);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
