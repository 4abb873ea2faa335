package org.pgknobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.benchbase.BenchBaseConfig;
import org.pgknobs.benchbase.BenchBaseXml;
import org.pgknobs.testing.CliRun;
import org.pgknobs.testing.TinyRuns;

/** {@code pgknobs xml} and the BenchBase options of {@code pgknobs run}, through the real CLI. */
class BenchBaseCliTest {

    @TempDir
    Path dir;

    private static String article() {
        return TinyRuns.experiment("article-42000x.yaml").toString();
    }

    @Test
    void runWithDriverBenchbaseAndNoBenchbaseJarExitsTwoBeforeAnyServerStarts() {
        Path work = dir.resolve("work");
        CliRun.Result r = CliRun.execute("run", article(), "--profile", "tiny", "--driver", "benchbase",
                "--benchbase-home", dir.toString(), "--work-dir", work.toString(), "--out", dir.resolve("results").toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("no benchbase.jar in " + dir.toAbsolutePath().normalize()).contains("--benchbase-home");
        assertThat(work).as("no server instance was made").doesNotExist();
        assertThat(dir.resolve("results")).as("no result directory was made").doesNotExist();
    }

    @Test
    void runWithDriverBenchbaseAndATooOldJavaExitsTwoNamingTheJava() throws Exception {
        Path jdk17 = org.pgknobs.workload.benchbase.FakeBenchBaseJar.fakeJdk(dir.resolve("jdk17"), "17.0.15");
        Files.writeString(dir.resolve("benchbase.jar"), "placeholder: unreadable classes mean Java 23 is assumed");
        Path work = dir.resolve("work");
        CliRun.Result r = CliRun.execute("run", article(), "--profile", "tiny", "--driver", "benchbase",
                "--benchbase-home", dir.toString(), "--benchbase-java", jdk17.toString(), "--work-dir", work.toString(),
                "--out", dir.resolve("results").toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("Java 17").contains("Java 23 or newer").contains("--benchbase-java");
        assertThat(work).doesNotExist();
    }

    @Test
    void benchTpccWithDriverBenchbasePrintsBenchBasesFiguresWithItsJvmsCpu() throws Exception {
        Path home = dir.resolve("benchbase");
        org.pgknobs.workload.benchbase.FakeBenchBaseJar.write(home);
        CliRun.Result r = CliRun.execute("bench", "tpcc", "--driver", "benchbase", "--benchbase-home", home.toString(),
                "--warehouses", "1", "--terminals", "1", "--duration", "2s", "-d", dir.resolve("out").toString());
        assertThat(r.exitCode()).as(r.out() + r.err()).isZero();
        String[] lines = r.out().strip().split("\n");
        var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(lines[lines.length - 1]);
        assertThat(json.get("driver").asText()).isEqualTo("benchbase");
        assertThat(json.get("tps").asDouble()).isPositive();
        assertThat(json.get("client_cpu_seconds").asDouble()).as("the BenchBase JVM's CPU").isPositive();
        assertThat(dir.resolve("out/tpcc.summary.json")).isRegularFile();
    }

    @Test
    void xmlPrintsTheStepsBenchBaseConfigWithPlaceholdersAndNoPassword() {
        CliRun.Result r = CliRun.execute("xml", article(), "--profile", "tiny", "--step", "baseline");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).doesNotContain("<password>");
        BenchBaseConfig c = BenchBaseXml.read(r.out(), "pgknobs xml output");
        assertThat(c.url()).startsWith("jdbc:postgresql://HOST:PORT/tpcc");
        assertThat(c.warehouses()).isEqualTo(1);
        assertThat(c.terminals()).isEqualTo(2);
        assertThat(c.works()).hasSize(1);
        assertThat(c.works().get(0).warmup()).isEqualTo(1);
        assertThat(c.works().get(0).time()).isEqualTo(3);
        assertThat(c.password()).isNull();
    }

    @Test
    void xmlWithTheFilesOwnSizesAndAServerUrlPointsAtThatServer() {
        CliRun.Result r = CliRun.execute("xml", article(), "--server-url", "jdbc:postgresql://db1:6543/postgres",
                "--set", "workload.warehouses=7");
        assertThat(r.exitCode()).as(r.err()).isZero();
        BenchBaseConfig c = BenchBaseXml.read(r.out(), "pgknobs xml output");
        assertThat(c.endpoint().host()).isEqualTo("db1");
        assertThat(c.endpoint().port()).isEqualTo(6543);
        assertThat(c.endpoint().database()).isEqualTo("tpcc");
        assertThat(c.warehouses()).isEqualTo(7);
        assertThat(c.username()).isEqualTo("postgres");
    }

    @Test
    void xmlForAStepTheFileLacksIsBadInputListingTheSteps() {
        CliRun.Result r = CliRun.execute("xml", article(), "--step", "no-such-step");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("no-such-step").contains("baseline");
    }
}
