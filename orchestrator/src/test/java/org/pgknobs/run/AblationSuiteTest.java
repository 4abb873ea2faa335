package org.pgknobs.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.cli.Main;
import org.pgknobs.results.AblationRecord;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.testing.CliRun;

/**
 * A tiny ablation end to end on the embedded server (the acceptance test): two units, one of
 * which is known to dominate (commit_delay at its maximum, 100 ms, before every WAL flush) beside a harmless one.
 * The dominant unit must rank first in both directions and ddmin must return exactly it (not both units, not the
 * harmless one) and, inside it, exactly its one setting that acts (not wal_writer_delay beside it), read from the
 * result files. Two units are the fewest that make ranking and search a choice; each more unit costs two more
 * measured steps (without-it, only-it) and adds no other path.
 */
class AblationSuiteTest {

    @TempDir
    Path dir;

    /**
     * A cumulative file, run with {@code pgknobs ablate}. The dominant unit slows by waiting, not by burning CPU:
     * with commit_siblings 0 in the base (the delay then applies whatever else runs), every transaction that writes
     * sleeps 100 ms before its commit's flush, so one terminal completes at most about 10 a second however loaded the
     * machine is, while the base, paced at 100 a second, makes ten times as many. The slowdown is the settings' and
     * not the machine's: the ranking holds at any load, and no run keeps a core busy (the index unit that stood here
     * before, sequential scans at 1e300 costs, kept one core busy in every run that held it: docs/testing.md).
     * wal_writer_delay beside commit_delay is the setting ddmin must leave out. The threshold is 50 %.
     */
    private static final String FILE = """
            name: ablation-ci
            mode: cumulative
            server:
              base: {shared_buffers: 128MB, max_connections: 20, commit_siblings: 0}
            workload: {warehouses: 1, terminals: 1, rate: 100, warmup: 1s, duration: 3s}
            ablation: {search: ddmin, threshold: 50%}
            steps:
              - name: baseline
              - name: delay
                settings: {commit_delay: 100000, wal_writer_delay: 50ms}
              - name: timeout
                settings: {statement_timeout: 1h}
            """;

    @Test
    void theDominantUnitRanksFirstBothWaysAndDdminReturnsExactlyIt() throws IOException {
        Path file = dir.resolve("ablation-ci.yaml");
        Files.writeString(file, FILE);
        CliRun.Result r = CliRun.execute("ablate", file.toString(), "--out", dir.resolve("results").toString());
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(Main.OK);
        Path result = resultDir(dir.resolve("results"));

        SuiteRecord suite = JsonFiles.read(result.resolve("suite.json"), SuiteRecord.class);
        assertThat(suite.origin().sets()).contains("mode=ablation");
        List<String> names = suite.steps().stream().map(SuiteRecord.Entry::name).toList();
        assertThat(names.subList(0, 6)).containsExactly("full", "base", "without-delay", "without-timeout",
                "only-delay", "only-timeout");
        assertThat(suite.steps()).allSatisfy(e -> assertThat(e.status()).as(e.name()).isEqualTo(StepStatus.DONE));

        JsonNode ablation = new ObjectMapper().readTree(result.resolve("report.json").toFile()).get("runs").get(0).get("ablation");
        JsonNode first = ablation.get("units").get(0);
        assertThat(first.get("unit").asText()).isEqualTo("delay");
        assertThat(first.get("looRank").asInt()).isEqualTo(1);
        assertThat(first.get("aoiRank").asInt()).isEqualTo(1);
        assertThat(first.get("looShare").asDouble()).isGreaterThan(0.5);
        assertThat(ablation.get("slowdown").asDouble()).isGreaterThan(3);

        AblationRecord record = JsonFiles.read(result.resolve("ablation.json"), AblationRecord.class);
        assertThat(record.searchStatus()).isEqualTo("done");
        assertThat(record.search().algorithm()).isEqualTo("ddmin");
        assertThat(record.search().units()).containsExactly("delay");
        assertThat(record.search().settings()).containsExactly("commit_delay");
        // every candidate the search measured itself is a step of the suite with its own files
        record.search().candidates().stream().filter(c -> c.run().startsWith("search-")).forEach(c -> {
            SuiteRecord.Entry e = suite.steps().stream().filter(s -> s.name().equals(c.run())).findFirst().orElseThrow();
            assertThat(result.resolve(e.dir()).resolve("pgstats.json")).isRegularFile();
        });

        // one repeat of each run: no interval, so the table ranks nothing and says why (report.json keeps the order)
        assertThat(result.resolve("report.md")).content().contains("### Ablation", "| - | delay |",
                "1 repeat of the base: no spread to estimate, so no interval").doesNotContain("| 1 | delay |");
        // and no tornado: it draws each unit's interval, and one repeat gives none (issue 45)
        assertThat(result.resolve("report.html")).content().contains("<h3>Ablation")
                .doesNotContain("class=\"chart tornado\"");
    }

    private static Path resultDir(Path out) throws IOException {
        try (Stream<Path> found = Files.find(out, 3, (p, a) -> p.getFileName().toString().equals("suite.json"))) {
            List<Path> dirs = new ArrayList<>(found.map(Path::getParent).toList());
            assertThat(dirs).hasSize(1);
            return dirs.get(0);
        }
    }
}
