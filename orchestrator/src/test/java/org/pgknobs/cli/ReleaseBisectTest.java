package org.pgknobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.results.BisectRecord;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.testing.CliRun;

/**
 * {@code pgknobs bisect --releases} end to end on three real 17.x releases (17.2 and 17.12 fetched from Maven Central
 * into the build's own local repository, target/pg-releases, as ReleaseFetchTest does, so a clone fetches each once;
 * 17.6 bundled) on the insert benchmark's tiny profile, step base: one suite a release with 2 or 3 runs after its
 * discarded warm-up, and an answer the search decided, with its evidence. No captures ({@code observe=[]}): the answer
 * needs the throughput only. l.i1 inserts 20,000 rows (the profile's 1,000 take 20-60 ms, too short a window to
 * measure a release by).
 * Class time 36 s on the shared 2-core machine once 17.12 is in the build's repository (two suites of 3 runs when the
 * ends do not differ, a third for 17.6 when they do), 84 s with the download: over the ~30 s the issue hoped for.
 */
class ReleaseBisectTest {

    @TempDir
    Path dir;

    @Test
    void threeReleasesEndWithADecidedAnswerAndItsEvidence() throws Exception {
        Path repo = Path.of(System.getProperty("pgknobs.releases.repo", "target/pg-releases")).toAbsolutePath();
        Path settings = Files.writeString(dir.resolve("settings.xml"),
                "<settings><localRepository>" + repo + "</localRepository></settings>");
        Path out = dir.resolve("results");

        CliRun.Result r = CliRun.execute("bisect", Path.of("..", "experiments", "insert-benchmark-cx7a.yaml").toString(),
                "--profile", "tiny", "--set", "observe=[]", "--set", "workload.i1_rows=20000", "--step", "base", "--releases", "17.2,17.6,17.12", "--repeats", "2..3",
                "--maven-settings", settings.toString(), "--out", out.toString(), "-q");

        assertThat(r.exitCode()).as(r.err()).isEqualTo(Main.OK);
        Path json;
        try (Stream<Path> found = Files.find(out, 3, (p, a) -> p.endsWith("bisect.json"))) {
            json = found.findFirst().orElseThrow();
        }
        BisectRecord bisect = JsonFiles.read(json, BisectRecord.class);
        assertThat(bisect.status()).isEqualTo("done");
        assertThat(bisect.candidates()).containsExactly("17.2", "17.6", "17.12");
        // decided: a first release like 17.12 between two decided neighbours, or no change beyond noise; not undecided
        assertThat(bisect.kind()).as(bisect.summary()).isIn("found", "no_change");
        if (bisect.kind().equals("found")) {
            assertThat(bisect.summary()).startsWith("first release like 17.12: ");
            assertThat(r.out()).contains("  evidence: ");
        } else {
            assertThat(bisect.summary()).startsWith("no release between 17.2 and 17.12 changed the throughput beyond "
                    + "noise: 17.12 is ×").contains("smallest detectable change ");
            assertThat(bisect.path()).extracting(BisectRecord.Line::candidate).containsExactly("17.2", "17.12");
        }
        // every candidate measured has its runs and an interval against the other end; each suite is a result directory
        assertThat(bisect.path()).allSatisfy(l -> assertThat(l.throughputs()).hasSizeBetween(2, 3));
        assertThat(bisect.path().get(1).text()).startsWith("17.12: ").contains(" of 17.2 → ");
        assertThat(bisect.directories()).hasSize(bisect.path().size()).allSatisfy(d -> {
            SuiteRecord suite = JsonFiles.read(Path.of(d).resolve("suite.json"), SuiteRecord.class);
            assertThat(suite.steps()).extracting(SuiteRecord.Entry::name).containsOnly("base");
            assertThat(Path.of(d).resolve("report.md")).exists();
        });
        assertThat(r.out()).contains("bisect: 17.2: ", "bisect: 17.12: ", "bisect: " + bisect.summary());
    }
}
