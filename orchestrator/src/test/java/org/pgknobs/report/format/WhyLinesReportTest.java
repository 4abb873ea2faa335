package org.pgknobs.report.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.experiment.yaml.ExperimentLoader;
import org.pgknobs.report.ReportBuilder;
import org.pgknobs.report.ReportData;
import org.pgknobs.report.RunData;
import org.pgknobs.report.StepRun;
import org.pgknobs.report.captures.StepCaptures;
import org.pgknobs.report.why.Reason;
import org.pgknobs.results.PhaseResult;
import org.pgknobs.results.StepResult;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.WorkloadResult;

/**
 * A crafted variants run (no server) through the real report: a step clearly slower than the base that no rule
 * explains gets the line that says so, in report.json, report.md and report.html; an A/A step gets none; every
 * link to a why-anchor finds its anchor (issue 45, 0b).
 */
@Tag("unit")
class WhyLinesReportTest {

    private static final String VARIANTS = """
            name: crafted-why
            mode: variants
            server:
              base: {}
            workload:
              kind: tpcc
              warehouses: 1
              terminals: 2
              warmup: 10s
              duration: 60s
            steps:
              - name: base
              - name: same
                settings: {lock_timeout: 0}
              - name: custom-plans
                settings: {plan_cache_mode: force_custom_plan}
            """;

    @TempDir
    Path tmp;

    @Test
    void aClearlySlowerStepNoRuleExplainsSaysSoAndEveryWhyLinkHasItsAnchor() throws Exception {
        Path file = tmp.resolve("crafted.yaml");
        Files.writeString(file, VARIANTS);
        List<StepRun> runs = new ArrayList<>();
        // base: a few 40001 retries (0.1 %), too few for any rule, but its failed cell links to its why-anchor
        addRepeats(runs, 1, "base", new double[] {930, 925, 940}, new double[] {10, 10.5, 11}, 2);
        addRepeats(runs, 2, "same", new double[] {928, 935, 931}, new double[] {10.4, 10.2, 10.9}, 0);
        addRepeats(runs, 3, "custom-plans", new double[] {660, 640, 675}, new double[] {30, 31, 32}, 0);
        RunData data = new RunData(tmp.resolve("crafted-why").toString(), Optional.empty(),
                Optional.of(ExperimentLoader.load(file, Optional.empty(), List.of())), runs, Optional.empty());
        ReportData report = ReportBuilder.build(List.of(data), Optional.empty(), Instant.EPOCH);
        ReportData.Run run = report.runs().get(0);

        List<Reason> slower = step(run, "custom-plans").diagnosis().why();
        assertThat(slower).extracting(Reason::rule).contains("unexplained");
        Reason line = slower.stream().filter(r -> r.rule().equals("unexplained")).findFirst().orElseThrow();
        assertThat(line.role()).isEqualTo(Reason.EXPLAINS);
        // the interval is the run's pooled one (3 steps share one spread), the same the steps table prints
        org.pgknobs.report.EffectInterval interval = step(run, "custom-plans").effect().slowdownInterval();
        assertThat(interval.method()).isEqualTo(org.pgknobs.stats.PooledLogSpread.METHOD);
        assertThat(line.text()).startsWith("slower " + Fmt.times(interval.ratio()) + " [" + Fmt.num(interval.lower())
                + "–" + Fmt.num(interval.upper()) + "] against base (3 and 3 repeats); no rule explains it; "
                + "what moved most: ").contains("p95 latency 11 → 31 ms (p ")
                .as("a tested but tiny change is not named").doesNotContain("failed attempts");
        assertThat(step(run, "same").diagnosis().why()).extracting(Reason::rule).doesNotContain("unexplained")
                .contains("noise-overlap");

        String md = new MarkdownReport().render(report);
        String html = new HtmlReport().render(report);
        assertThat(md).contains("**custom-plans**: " + line.text());
        assertThat(html).contains("<b>custom-plans</b>: " + line.text());
        assertThat(md).contains("([why](#why-base))");
        assertEveryWhyLinkHasItsAnchor(md, html);
    }

    /** Every {@code #why-…} link of report.md (and summary.md's, into report.md) has its anchor there and in report.html. */
    static void assertEveryWhyLinkHasItsAnchor(String md, String html) {
        Set<String> linked = new java.util.TreeSet<>();
        Matcher m = Pattern.compile("\\(((?:report\\.md)?)#(why-[a-z0-9-]+)\\)").matcher(md);
        while (m.find()) {
            linked.add(m.group(2));
        }
        Matcher h = Pattern.compile("href=\"[^\"]*#(why-[a-z0-9-]+)\"").matcher(html);
        while (h.find()) {
            linked.add(h.group(1));
        }
        for (String anchor : linked) {
            assertThat(md).as("report.md's anchor for #" + anchor).contains("<a id=\"" + anchor + "\"></a>");
        }
        Matcher ids = Pattern.compile("href=\"[^\"]*#(why-[a-z0-9-]+)\"").matcher(html);
        while (ids.find()) {
            assertThat(html).as("report.html's anchor for #" + ids.group(1)).contains("id=\"" + ids.group(1) + "\"");
        }
    }

    private static void addRepeats(List<StepRun> runs, int index, String name, double[] throughput, double[] p95,
                                   long retries) {
        for (int r = 0; r < throughput.length; r++) {
            long completed = Math.round(throughput[r] * 60);
            PhaseResult phase = new PhaseResult("tpcc", throughput[r], throughput[r], completed, 0, 60,
                    new PhaseResult.Latency(p95[r] / 3, p95[r], p95[r] * 2, p95[r] * 4),
                    Map.of("errors_by_sqlstate", Map.of(), "retries", retries));
            StepResult result = new StepResult(index, name, r + 1, StepStatus.DONE, null, Instant.EPOCH, Instant.EPOCH,
                    null, Map.of(), new WorkloadResult("tpcc", "built-in", List.of(phase), "tpcc"), null);
            runs.add(new StepRun(index, name, r + 1, name + "-" + (r + 1), StepStatus.DONE, null, result, Map.of(),
                    null, StepRun.Series.NONE, StepCaptures.NONE));
        }
    }

    private static ReportData.Step step(ReportData.Run run, String name) {
        return run.steps().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    }
}
