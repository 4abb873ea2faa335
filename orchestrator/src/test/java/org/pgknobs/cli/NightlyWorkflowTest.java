package org.pgknobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.pgknobs.testing.TinyRuns;
import org.yaml.snakeyaml.Yaml;
import picocli.CommandLine;

/**
 * The shipped nightly workflow (.github/workflows/nightly-history.yml) as far as a test can check it without GitHub
 * (actionlint is not available): it is YAML with the keys a workflow needs, it runs pgknobs with the gate on the
 * history it restores and keeps, keeps that history even when the gate fails, and its command line parses.
 */
@Tag("unit")
class NightlyWorkflowTest {

    @Test
    @SuppressWarnings("unchecked")
    void theNightlyRunsTheGateOnTheHistoryItRestoresAndKeeps() throws Exception {
        Map<String, Object> wf = new Yaml().load(Files.readString(
                TinyRuns.repoRoot().resolve(".github/workflows/nightly-history.yml")));
        assertThat(wf).containsKeys("name", "jobs", "env");
        // SnakeYAML reads the key `on` as boolean true (YAML 1.1)
        Map<String, Object> on = (Map<String, Object>) (wf.containsKey("on") ? wf.get("on") : wf.get(true));
        assertThat(on).containsKeys("schedule", "workflow_dispatch");
        assertThat(((List<Map<String, Object>>) on.get("schedule")).get(0).get("cron").toString().split(" ")).hasSize(5);
        String history = (String) ((Map<String, Object>) wf.get("env")).get("HISTORY");

        Map<String, Object> job = (Map<String, Object>) ((Map<String, Object>) wf.get("jobs")).get("nightly");
        assertThat(job).containsKeys("runs-on", "steps");
        List<Map<String, Object>> steps = (List<Map<String, Object>>) job.get("steps");
        assertThat(steps).isNotEmpty().allSatisfy(s -> assertThat(s.containsKey("uses") || s.containsKey("run"))
                .as("a step uses an action or runs a command: " + s).isTrue());

        Map<String, Object> restore = step(steps, "actions/download-artifact");
        Map<String, Object> keep = steps.stream().filter(s -> String.valueOf(s.get("uses")).startsWith("actions/upload-artifact")
                && "history".equals(((Map<String, Object>) s.get("with")).get("name"))).findFirst().orElseThrow();
        assertThat(((Map<String, Object>) restore.get("with")).get("name")).isEqualTo("history");
        assertThat(keep.get("if")).as("the history is kept when the gate fails too").isEqualTo("always()");
        assertThat(((Map<String, Object>) keep.get("with")).get("path")).isEqualTo("${{ env.HISTORY }}");
        assertThat(Path.of(history).getParent().toString()).as("restored where the run reads it")
                .isEqualTo(((Map<String, Object>) restore.get("with")).get("path"));

        String run = steps.stream().map(s -> (String) s.get("run")).filter(r -> r != null && r.contains("pgknobs.jar run "))
                .findFirst().orElseThrow();
        String line = run.strip().replace("${{ env.HISTORY }}", history);
        assertThat(line).doesNotContain("${{").startsWith("java -jar orchestrator/target/pgknobs.jar ");
        String[] args = line.substring("java -jar orchestrator/target/pgknobs.jar ".length()).split("\\s+");
        CommandLine.ParseResult parsed = new CommandLine(new Main()).parseArgs(args);
        RunCommand command = (RunCommand) parsed.subcommand().commandSpec().userObject();
        assertThat(command.options.compare).isEqualTo("history");
        assertThat(command.options.history.history).isEqualTo(history);
        assertThat(command.options.noHistory).isFalse();
        assertThat(TinyRuns.repoRoot().resolve(command.options.file.toString())).exists();
        assertThat(Arrays.asList(args)).contains("--profile", "quick");
        assertThat(Integer.parseInt(command.options.plan.repeats)).as("a spread on the new run's side too").isGreaterThan(1);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> step(List<Map<String, Object>> steps, String uses) {
        return steps.stream().filter(s -> String.valueOf(s.get("uses")).startsWith(uses)).findFirst().orElseThrow();
    }
}
