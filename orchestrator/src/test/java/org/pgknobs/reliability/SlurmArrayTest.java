package org.pgknobs.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.pgknobs.report.ReportData;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.server.Workspace;
import org.pgknobs.testing.CliRun;
import org.pgknobs.testing.TinyRuns;

/**
 * The shipped Slurm array (deploy/slurm/sweep.sbatch) run by a real Slurm: three tasks of a tiny variants
 * sweep start together on one node, with one fresh binaries cache that all three unpack into at once and
 * the default work directory they share; one task is cancelled with scancel in the middle of a step,
 * the merged report lists its missing run, and resubmitting only that index with RESUME=1 completes the
 * plan: every planned run once, each shard's ratios over the base it measured itself.
 *
 * <p>Needs a running cluster (deploy/slurm/local-cluster.sh up); skipped without one, except under CI=true,
 * where a missing cluster is a failure: CI brings one up (.ci/run).
 */
class SlurmArrayTest {

    private static final Path SCRIPT = TinyRuns.repoRoot().resolve("deploy/slurm/sweep.sbatch");
    private static final int SHARDS = 3;
    /** Task 3 runs the base, then v3: the step it is cancelled in. */
    private static final int VICTIM = 3;
    private static final Duration TASKS = Duration.ofMinutes(5);

    /** Per test, not per class: surefire counts a test skipped in @BeforeEach, while @BeforeAll's skip shows as nothing run. */
    @BeforeEach
    void aClusterTakesJobs() {
        Optional<String> why = Slurm.unavailable();
        if (why.isPresent() && "true".equals(System.getenv("CI"))) {
            Assertions.fail("CI=true, so this test must run, but " + why.get()
                    + "; .ci/run starts a one-node cluster with deploy/slurm/local-cluster.sh up");
        }
        Assumptions.assumeTrue(why.isEmpty(), () -> why.get() + "; start one with: deploy/slurm/local-cluster.sh up (as root)");
    }

    @Test
    void threeTasksStartTogetherMergeIntoThePlanAndACancelledTaskResumesItsMissingRunAlone() throws Exception {
        try (Scratch scratch = Scratch.create("slrm")) {
            String name = "slurm-" + UUID.randomUUID().toString().substring(0, 6);
            Path results = scratch.dir("results");
            Path cache = scratch.dir("cache");
            Map<String, String> env = new HashMap<>(Map.of(
                    "PGKNOBS_JAR", launcherJar(scratch.root().resolve("pgknobs-classpath.jar")).toString(),
                    "JAVA_HOME", System.getProperty("java.home"),
                    "EXPERIMENT", tinySweep(scratch.root().resolve(name + ".yaml"), name).toString(),
                    "PROFILE", "tiny",
                    "RESULTS", results.toString(),
                    "SHARDS", Integer.toString(SHARDS)));
            // C1 only and the serial collector, as ChildRun's JVMs: the tasks' JIT and GC threads otherwise took
            // 81 s of CPU in a fresh-clone suite (perf record: four task JVMs, a third of it in C2 threads),
            // CPU the test JVMs beside them lack; no assertion reads a task's speed
            env.put("JAVA_TOOL_OPTIONS", "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC");
            List<String> options = List.of("--array=1-" + SHARDS, "--chdir=" + scratch.root(), "--output=" + scratch.root() + "/task-%a.out",
                    "--job-name=" + name);
            // --cache-dir: an empty cache, so that every task unpacks the binaries, all at the same moment;
            // --no-trial-start: no assertion reads the trial (TrialStartTest's subject) and each run starts its
            // configuration anyway: the tasks' and the resubmission's seven trial restarts would buy nothing here
            List<String> args = List.of("--cache-dir", cache.toString(), "--no-trial-start");

            String job = Slurm.submit(options, SCRIPT, args, env, scratch.root());
            String resubmitted = null;
            try {
                Path victimLog = scratch.root().resolve("task-" + VICTIM + ".out");
                awaitMidStep(job, victimLog, "[2/2 v3] measuring l.i1");
                Slurm.cancel(job, VICTIM);
                Slurm.Task victim = Slurm.await(job, TASKS, "task " + VICTIM + " to end",
                        t -> t.containsKey(VICTIM) && t.get(VICTIM).ended()).get(VICTIM);
                assertThat(victim.state()).as(victim.toString()).isEqualTo("CANCELLED");
                Path victimDir = shardDir(results, name, VICTIM);
                SuiteRecord cancelled = Suites.suite(victimDir);
                assertThat(cancelled.progress().status()).as(Files.readString(victimLog)).isEqualTo("interrupted");
                assertThat(Suites.entry(cancelled, "base").status()).isEqualTo(StepStatus.DONE);
                assertThat(Suites.entry(cancelled, "v3").status()).isEqualTo(StepStatus.INTERRUPTED);
                assertThat(Files.readString(victimLog)).contains("interrupted: servers stopped");
                Path victimInstance = instanceIn(Files.readString(victimLog));
                assertThat(victimInstance).as("the cancelled task's cluster is deleted").doesNotExist();
                assertThat(Scratch.postgresProcessesUnder(victimInstance)).as("and its server stopped").isEmpty();
                // what the cancelled task left, kept for the merge below: its resubmission starts now,
                // beside tasks 1 and 2, and will have finished that directory by the time it is merged
                Path asCancelled = scratch.dir("as-cancelled").resolve(victimDir.getFileName());
                copyTree(victimDir, asCancelled);

                env.put("RESUME", "1");
                resubmitted = Slurm.submit(List.of("--array=" + VICTIM, "--chdir=" + scratch.root(),
                        "--output=" + scratch.root() + "/resume-%a.out", "--job-name=" + name), SCRIPT, args, env, scratch.root());

                Map<Integer, Slurm.Task> first = Slurm.awaitEnd(job, SHARDS, TASKS);
                String seen = first.toString();
                assertThat(first.get(1).state()).as(seen).isEqualTo("COMPLETED");
                assertThat(first.get(2).state()).as(seen).isEqualTo("COMPLETED");
                String latestStart = first.values().stream().map(Slurm.Task::start).max(String::compareTo).orElseThrow();
                String earliestEnd = first.values().stream().map(Slurm.Task::end).min(String::compareTo).orElseThrow();
                assertThat(latestStart).as("the three tasks ran side by side: " + seen).isLessThan(earliestEnd);
                assertThat(cacheEntries(cache)).as("one tree unpacked, no half-written one left")
                        .singleElement().asString().startsWith("postgres-");
                System.out.println("first submission: " + seen);

                ReportData.ShardTable partial = merge(scratch.dir("merged-partial"),
                        List.of(shardDir(results, name, 1), shardDir(results, name, 2), asCancelled));
                assertThat(partial.missing()).as("the cancelled task's run").containsExactly("v3");
                assertThat(partial.duplicated()).isEmpty();

                Map<Integer, Slurm.Task> again = Slurm.awaitEnd(resubmitted, 1, TASKS);
                assertThat(again.get(VICTIM).state()).as(Files.readString(scratch.root().resolve("resume-" + VICTIM + ".out")))
                        .isEqualTo("COMPLETED");
                assertThat(again.get(VICTIM).exitCode()).isEqualTo("0:0");
                assertThat(Files.readString(scratch.root().resolve("resume-" + VICTIM + ".out")))
                        .as("the resubmitted task ran only the cancelled run").contains("[2/2 v3] starting").doesNotContain("[1/2 base] starting");
                System.out.println("resubmission: " + again);
            } finally {
                Slurm.cancelAll(job);
                if (resubmitted != null) {
                    Slurm.cancelAll(resubmitted);
                }
            }
            assertThat(Suites.suite(shardDir(results, name, VICTIM)).steps()).extracting(SuiteRecord.Entry::status)
                    .containsOnly(StepStatus.DONE);

            ReportData.ShardTable table = merge(scratch.dir("merged"),
                    List.of(shardDir(results, name, 1), shardDir(results, name, 2), shardDir(results, name, 3)));
            assertThat(table.missing()).as("every planned run is there").isEmpty();
            assertThat(table.duplicated()).as("and only once").isEmpty();
            assertThat(table.hosts()).hasSize(SHARDS);
            assertThat(table.rows()).extracting(ReportData.ShardRow::step).containsExactly("base", "v1", "v2", "v3");
            for (int shard = 1; shard <= SHARDS; shard++) {
                assertMeasuredAgainstItsOwnBase(table, shard, shardDir(results, name, shard));
            }
            assertThat(instancesOf(name)).as("no cluster of any task left in the work dir").isEmpty();
        }
    }

    /**
     * The merged table's column of one shard holds that task's own base and, for the variant it ran, the
     * variant over that base, as the task's own report has them.
     */
    private static void assertMeasuredAgainstItsOwnBase(ReportData.ShardTable table, int shard, Path dir) {
        ReportData.Run own = JsonFiles.read(dir.resolve("report.json"), ReportData.class).runs().get(0);
        Map<String, Double> measured = own.steps().stream().filter(s -> s.effect().throughput() != null)
                .collect(Collectors.toMap(ReportData.Step::name, s -> s.effect().throughput().median()));
        String variant = "v" + shard;
        assertThat(measured.keySet()).as("shard " + shard + " ran the base and its variant").containsExactlyInAnyOrder("base", variant);
        for (ReportData.ShardRow row : table.rows()) {
            Double cell = row.perHost().get(shard - 1);
            if (row.base()) {
                assertThat(cell).as("shard " + shard + "'s base").isEqualTo(measured.get("base"));
            } else if (row.step().equals(variant)) {
                assertThat(cell).as(variant + " over shard " + shard + "'s base")
                        .isCloseTo(measured.get(variant) / measured.get("base"), org.assertj.core.data.Offset.offset(1e-9));
            } else {
                assertThat(cell).as(row.step() + " is not shard " + shard + "'s").isNull();
            }
        }
    }

    /** Waits until the task's output shows it measuring a phase of the step (its log is Slurm's --output file). */
    private static void awaitMidStep(String job, Path log, String line) throws IOException {
        Slurm.await(job, TASKS, "'" + line + "' in " + log, tasks -> {
            Slurm.Task t = tasks.get(VICTIM);
            if (t != null && t.ended()) {
                throw new AssertionError("task " + VICTIM + " ended (" + t + ") before printing '" + line + "':\n" + read(log));
            }
            return read(log).contains(line);
        });
    }

    private static String read(Path log) {
        try {
            return Files.exists(log) ? Files.readString(log) : "";
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** `pgknobs report` over every shard's result directory, as docs/scale-out.md says to merge them. */
    private static ReportData.ShardTable merge(Path out, List<Path> dirs) {
        List<String> args = new ArrayList<>(List.of("report"));
        dirs.forEach(d -> args.add(d.toString()));
        args.addAll(List.of("--out", out.toString()));
        CliRun.Result r = CliRun.execute(args.toArray(String[]::new));
        assertThat(r.exitCode()).as(r.err()).isZero();
        List<ReportData.ShardTable> tables = JsonFiles.read(out.resolve("report.json"), ReportData.class).shards();
        assertThat(tables).hasSize(1);
        return tables.get(0);
    }

    /** RESULTS/shard-i/NAME/<start>-shardIof3: the one result directory of that task. */
    private static Path shardDir(Path results, String name, int shard) throws IOException {
        try (Stream<Path> s = Files.list(results.resolve("shard-" + shard).resolve(name))) {
            List<Path> dirs = s.toList();
            assertThat(dirs).as("task " + shard + " writes one result directory").hasSize(1);
            assertThat(dirs.get(0).getFileName().toString()).endsWith("-shard" + shard + "of" + SHARDS);
            return dirs.get(0);
        }
    }

    /** The server instance a run's output names ("snapshot at DIR/snapshot-loaded"). */
    private static Path instanceIn(String output) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("snapshot at (\\S+)/snapshot-").matcher(output);
        assertThat(m.find()).as(output).isTrue();
        return Path.of(m.group(1));
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : s.toList()) {
                Files.copy(p, to.resolve(from.relativize(p).toString()));
            }
        }
    }

    private static List<String> cacheEntries(Path cache) {
        return Scratch.entries(cache).stream().filter(Files::isDirectory).map(p -> p.getFileName().toString()).toList();
    }

    /** Server instance directories of this experiment in the default work dir, which the tasks share. */
    private static List<Path> instancesOf(String name) {
        return Scratch.entries(Workspace.defaultWorkDir()).stream()
                .filter(p -> p.getFileName().toString().startsWith(name + "-")).toList();
    }

    /** Base and three variants; the tiny profile gives seconds per step, but a measured one. */
    private static Path tinySweep(Path file, String name) throws IOException {
        Files.writeString(file, """
                name: %s
                mode: variants
                server:
                  base: {shared_buffers: 32MB, max_connections: 20}
                workload: {kind: insertbench, clients: 2, initial_rows: 100000, i1_rows: 20000, i2_rows: 5000}
                data: restore
                bracket: false
                steps:
                  - name: base
                  - name: v1
                    settings: {work_mem: 5MB}
                  - name: v2
                    settings: {work_mem: 6MB}
                  - name: v3
                    settings: {work_mem: 7MB}
                profiles:
                  tiny:
                    workload: {clients: 1, initial_rows: 2000, i1_rows: 500, i2_rows: 100, query_seconds: 1s,
                               query_rates: [100], cleanup_wait: 0s}
                """.formatted(name));
        return file;
    }

    /**
     * What the script runs as PGKNOBS_JAR: a jar holding only a manifest whose Class-Path is this build's
     * classes and dependencies (the classes `mvn package` shades into pgknobs.jar), so the test runs in
     * surefire's `test` phase, before the shaded jar exists, while the script still runs `java -jar`.
     */
    private static Path launcherJar(Path jar) throws IOException {
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.put(Attributes.Name.MAIN_CLASS, "org.pgknobs.cli.Main");
        main.put(Attributes.Name.CLASS_PATH, Stream.of(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
                .map(p -> Path.of(p).toUri().toString()).collect(Collectors.joining(" ")));
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream ignored = new JarOutputStream(out, manifest)) {
            return jar;
        }
    }
}
