package org.pgknobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.experiment.plan.Shard;
import org.pgknobs.experiment.yaml.ExperimentLoader;
import org.yaml.snakeyaml.Yaml;
import picocli.CommandLine;

/**
 * The shipped Kubernetes Indexed Job, GitHub Actions workflow and Slurm script hand pgknobs arguments the
 * CLI accepts: each index of the scheduler becomes one --shard i/N, together 1..N exactly once, each
 * with its own --out, on an experiment file and profile that exist. The shell expansions are done by a
 * real sh, as the scheduler's would be.
 */
@Tag("unit")
class ShippedSchedulerFilesTest {

    private static final Path ROOT = Path.of(System.getProperty("pgknobs.repo.root", ".."));
    /** Jib's entrypoint for the image (orchestrator/pom.xml), which the Job's sh -c repeats. */
    private static final String JIB_JAVA = "exec java -cp @/app/jib-classpath-file org.pgknobs.cli.Main ";

    /** One scheduler index's pgknobs arguments, parsed by the real CLI. */
    private record Invocation(Shard shard, String out, Path experiment, String profile) {
    }

    @Test
    @SuppressWarnings("unchecked")
    void theKubernetesIndexedJobPassesShardsOneToCompletions() throws Exception {
        Map<String, Object> job = new Yaml().load(Files.readString(ROOT.resolve("deploy/kubernetes/sweep-job.yaml")));
        Map<String, Object> spec = (Map<String, Object>) job.get("spec");
        assertThat(job.get("kind")).isEqualTo("Job");
        assertThat(spec.get("completionMode")).isEqualTo("Indexed");
        int completions = (Integer) spec.get("completions");
        Map<String, Object> container = ((List<Map<String, Object>>) ((Map<String, Object>) ((Map<String, Object>)
                spec.get("template")).get("spec")).get("containers")).get(0);
        assertThat(container.get("command")).isEqualTo(List.of("sh", "-c"));
        String script = ((List<String>) container.get("args")).get(0);
        assertThat(script).startsWith(JIB_JAVA);
        List<Invocation> runs = new ArrayList<>();
        for (int index = 0; index < completions; index++) {
            runs.add(invocation(expand(script.substring(JIB_JAVA.length()), Map.of("JOB_COMPLETION_INDEX", "" + index)),
                    p -> Path.of(p.replaceFirst("^/app/", ""))));
        }
        assertCoversOneToN(runs, completions);
    }

    @Test
    @SuppressWarnings("unchecked")
    void theWorkflowsMatrixPassesShardsOneToShardsAndMergesEveryArtifact() throws Exception {
        Map<String, Object> wf = new Yaml().load(Files.readString(ROOT.resolve(".github/workflows/sweep.yml")));
        // SnakeYAML reads the key `on` as boolean true (YAML 1.1)
        Map<String, Object> on = (Map<String, Object>) (wf.containsKey("on") ? wf.get("on") : wf.get(true));
        Map<String, Object> inputs = (Map<String, Object>) ((Map<String, Object>) on.get("workflow_dispatch")).get("inputs");
        int shards = (Integer) ((Map<String, Object>) wf.get("env")).get("SHARDS");
        Map<String, Object> jobs = (Map<String, Object>) wf.get("jobs");
        Map<String, Object> shardJob = (Map<String, Object>) jobs.get("shard");
        List<Integer> matrix = (List<Integer>) ((Map<String, Object>) ((Map<String, Object>) shardJob.get("strategy"))
                .get("matrix")).get("shard");
        assertThat(matrix).hasSize(shards);
        List<Map<String, Object>> steps = (List<Map<String, Object>>) shardJob.get("steps");
        String run = steps.stream().map(s -> (String) s.get("run")).filter(r -> r != null && r.contains(" run "))
                .findFirst().orElseThrow();
        String upload = steps.stream().filter(s -> String.valueOf(s.get("uses")).startsWith("actions/upload-artifact"))
                .map(s -> (String) ((Map<String, Object>) s.get("with")).get("path")).findFirst().orElseThrow();
        List<Invocation> runs = new ArrayList<>();
        for (int shard : matrix) {
            String line = run.replace("${{ matrix.shard }}", "" + shard).replace("${{ env.SHARDS }}", "" + shards)
                    .replace("${{ inputs.experiment }}", (String) ((Map<String, Object>) inputs.get("experiment")).get("default"))
                    .replace("${{ inputs.profile }}", (String) ((Map<String, Object>) inputs.get("profile")).get("default"));
            assertThat(line).doesNotContain("${{").startsWith("java -jar orchestrator/target/pgknobs.jar ");
            Invocation inv = invocation(expand(line.substring("java -jar orchestrator/target/pgknobs.jar ".length()), Map.of()),
                    Path::of);
            assertThat(upload.replace("${{ matrix.shard }}", "" + shard)).as("the uploaded directory is the shard's --out")
                    .isEqualTo(inv.out());
            runs.add(inv);
        }
        assertCoversOneToN(runs, shards);
        Map<String, Object> merge = (Map<String, Object>) jobs.get("merge");
        assertThat(merge.get("needs")).isEqualTo("shard");
        assertThat(merge.toString()).contains("pattern=shard-*").contains("pgknobs.jar report ");
    }

    @Test
    void theSlurmArrayPassesShardsOneToItsSize() throws Exception {
        String script = Files.readString(ROOT.resolve("deploy/slurm/sweep.sbatch"));
        Matcher array = Pattern.compile("#SBATCH --array=1-(\\d+)").matcher(script);
        assertThat(array.find()).isTrue();
        int n = Integer.parseInt(array.group(1));
        List<Invocation> runs = new ArrayList<>();
        for (int task = 1; task <= n; task++) {
            runs.add(invocation(slurmTask(Map.of("SLURM_ARRAY_TASK_ID", "" + task, "SLURM_ARRAY_TASK_MAX", "" + n)), Path::of));
        }
        assertCoversOneToN(runs, n);
    }

    @Test
    void theSlurmTaskResubmittedWithResumeFinishesItsNewestResultDirectory(@TempDir Path results) throws Exception {
        Path older = Files.createDirectories(results.resolve("shard-3/x/2026-01-01T10-00-00-shard3of4"));
        Path newer = Files.createDirectories(results.resolve("shard-3/x/2026-01-02T10-00-00-shard3of4"));
        Files.createDirectories(results.resolve("shard-3/x/2026-01-03T10-00-00-shard3of5"));
        List<String> args = slurmTask(Map.of("SLURM_ARRAY_TASK_ID", "3", "SLURM_ARRAY_TASK_MAX", "3",
                "RESULTS", results.toString(), "RESUME", "1"));
        assertThat(args).containsSequence("--resume", newer.toString()).doesNotContain(older.toString());
        assertThat(invocation(args, Path::of).shard()).isEqualTo(Shard.parse("3/4"));
    }

    /**
     * What deploy/slurm/sweep.sbatch hands java when a real sh runs it with the scheduler's variables:
     * JAVA_HOME points at a stand-in java that prints its arguments, which must be -jar, the checkout's
     * jar, then pgknobs' own.
     */
    private static List<String> slurmTask(Map<String, String> env) throws IOException, InterruptedException {
        Path home = Files.createTempDirectory("sbatch-java");
        try {
            Path java = Files.createDirectories(home.resolve("bin")).resolve("java");
            Files.writeString(java, "#!/bin/sh\nprintf '%s\\n' \"$@\"\n");
            java.toFile().setExecutable(true);
            ProcessBuilder pb = new ProcessBuilder("sh", ROOT.resolve("deploy/slurm/sweep.sbatch").toString());
            pb.environment().putAll(env);
            pb.environment().put("JAVA_HOME", home.toString());
            pb.redirectErrorStream(true);
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).as(out).isZero();
            List<String> words = out.lines().toList();
            assertThat(words.subList(0, 2)).isEqualTo(List.of("-jar", "orchestrator/target/pgknobs.jar"));
            return words.subList(2, words.size());
        } finally {
            try (var files = Files.walk(home)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }

    private static void assertCoversOneToN(List<Invocation> runs, int n) {
        assertThat(runs).allSatisfy(r -> assertThat(r.shard().count()).isEqualTo(n));
        assertThat(runs.stream().map(r -> r.shard().index()).toList())
                .containsExactlyInAnyOrderElementsOf(java.util.stream.IntStream.rangeClosed(1, n).boxed().toList());
        assertThat(new TreeSet<>(runs.stream().map(Invocation::out).toList())).as("one --out per shard").hasSize(n);
        for (Invocation r : runs) {
            ExperimentLoader.load(ROOT.resolve(r.experiment()), Optional.of(r.profile()), List.of());
        }
    }

    /** The CLI's own parser reads the arguments: an option it does not know fails here. */
    private static Invocation invocation(List<String> args, java.util.function.Function<String, Path> inRepo) {
        CommandLine.ParseResult parsed = new CommandLine(new Main()).parseArgs(args.toArray(String[]::new));
        CommandLine.ParseResult run = parsed.subcommand();
        assertThat(run.commandSpec().name()).isEqualTo("run");
        String shard = run.matchedOptionValue("--shard", "");
        Path out = run.matchedOptionValue("--out", Path.of("results"));
        Path file = run.matchedPositionalValue(0, Path.of(""));
        return new Invocation(Shard.parse(shard), out.toString(), inRepo.apply(file.toString()),
                run.matchedOptionValue("--profile", ""));
    }

    /** Word splitting and $((...)) done by sh with the scheduler's variables set. */
    private static List<String> expand(String words, Map<String, String> env) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder("sh", "-c", "set -- " + words + "; printf '%s\\n' \"$@\"");
        pb.environment().putAll(env);
        pb.redirectErrorStream(true);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out.lines().toList();
    }
}
