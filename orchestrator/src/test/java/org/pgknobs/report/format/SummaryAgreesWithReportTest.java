package org.pgknobs.report.format;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.cli.ReportFiles;
import org.pgknobs.report.ResultDirReader;
import org.pgknobs.report.Verdict;
import org.pgknobs.testing.TinyRuns;

/**
 * One verdict model (issue 45, point 7): for every result directory the suite builds (the tiny article chain and
 * the tiny cx7a sweep; src/test/resources holds no result directory), summary.md and report.json give every step the
 * same verdict, both the summary.md the run wrote and the one rendered again from the files.
 */
class SummaryAgreesWithReportTest {

    @TempDir
    Path out;

    @Test
    void theArticleChain() throws Exception {
        agree(TinyRuns.article().directory(), "article");
    }

    @Test
    void theSweep() throws Exception {
        agree(TinyRuns.sweep().directory(), "sweep");
    }

    private void agree(Path run, String name) throws Exception {
        Path dir = Files.createDirectories(out.resolve(name));
        ReportFiles.write(List.of(run), dir, Optional.empty());
        Map<String, String> json = fromJson(new ObjectMapper().readTree(dir.resolve("report.json").toFile()));
        assertThat(json).as("%s: report.json has verdicts", name).isNotEmpty();
        for (String summary : List.of(Files.readString(run.resolve("summary.md")),
                SummaryMarkdown.render(ResultDirReader.summaryTable(run)))) {
            Map<String, String> md = fromSummary(summary);
            assertThat(md).as("%s: summary.md's verdicts against report.json's", name).isEqualTo(json);
        }
    }

    /** Step → verdict label: a sweep's from its reference phase's table, a chain's from its steps. */
    static Map<String, String> fromJson(JsonNode report) {
        JsonNode run = report.get("runs").get(0);
        Map<String, String> verdicts = new LinkedHashMap<>();
        String phase = run.path("reference").path("phase").asText(null);
        for (JsonNode table : run.get("sweep")) {
            if (table.get("phase").asText().equals(phase)) {
                table.get("rows").forEach(r -> put(verdicts, r.get("step").asText(), r.get("verdict")));
                return verdicts;
            }
        }
        run.get("steps").forEach(s -> put(verdicts, s.get("name").asText(), s.get("verdict")));
        return verdicts;
    }

    private static void put(Map<String, String> verdicts, String step, JsonNode verdict) {
        Verdict v = verdict == null || verdict.isNull() ? null : Verdict.ofLabel(verdict.asText());
        if (v != null) {
            verdicts.put(step, v.label());
        }
    }

    /** Step → verdict label from summary.md's table (the verdict column; every repeat's row says the same). */
    static Map<String, String> fromSummary(String summary) {
        List<String> labels = Arrays.stream(Verdict.values()).map(Verdict::label)
                .sorted(Comparator.comparingInt(String::length).reversed()).toList();
        Map<String, String> verdicts = new LinkedHashMap<>();
        int column = -1;
        for (String line : summary.lines().toList()) {
            if (!line.startsWith("| ")) {
                continue;
            }
            List<String> cells = Arrays.stream(line.split(" \\| ")).map(String::strip).toList();
            if (column < 0) {
                column = cells.indexOf("verdict");
                continue;
            }
            if (cells.size() <= column || cells.get(1).startsWith("---")) {
                continue;
            }
            String cell = cells.get(column);
            labels.stream().filter(cell::startsWith).findFirst().ifPresent(label -> {
                String previous = verdicts.put(cells.get(1), label);
                assertThat(previous).as("every row of %s", cells.get(1)).isIn(null, label);
            });
        }
        return verdicts;
    }
}
