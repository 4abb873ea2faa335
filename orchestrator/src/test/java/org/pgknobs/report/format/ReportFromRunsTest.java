package org.pgknobs.report.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.cli.ReportFiles;
import org.pgknobs.BadInputException;
import org.pgknobs.cli.Main;
import org.pgknobs.report.Agreement;
import org.pgknobs.report.ReportData;
import org.pgknobs.server.Workspace;
import org.pgknobs.stats.RatioInterval;
import org.pgknobs.stats.PooledLogSpread;
import org.pgknobs.testing.TinyRuns;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/**
 * Reports built from the shared tiny runs ({@link TinyRuns}: the cx7a sweep with two repeats, the article): the
 * tables' numbers are checked against the step files they came from, read here independently as JSON.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReportFromRunsTest {

    @TempDir
    static Path results;

    private Path sweep;
    private Path article;
    private final ObjectMapper json = new ObjectMapper();

    @BeforeAll
    void readTinyRuns() {
        TinyRuns.Run s = TinyRuns.sweep();
        assertThat(s.exitCode()).as(s.output()).isZero();
        TinyRuns.Run a = TinyRuns.article();
        assertThat(a.exitCode()).as(a.output()).isZero();
        sweep = s.directory();
        article = a.directory();
    }

    /** a1 asks for lz4, which the embedded build lacks: preflight rejects it, as in the real sweep. */
    @Test
    void sweepRelativeTableMatchesStepFilesAndPublishedValues() throws Exception {
        Path out = results.resolve("out-sweep");
        ReportData data = ReportFiles.write(List.of(sweep), out, Optional.empty());
        ReportData.Run run = data.runs().get(0);
        assertThat(run.mode()).isEqualTo("variants");
        assertThat(run.baseline()).isEqualTo("base");
        ReportData.PhaseTable first = run.sweep().get(0);
        assertThat(first.phase()).isEqualTo("l.i1");
        // a table per phase of the step files, headline first (cx7a's may2023 variant has no l.i2 or qp steps)
        List<String> phases = new ArrayList<>();
        json.readTree(sweep.resolve("steps/01-base/r1/step.json").toFile()).at("/workload/phases")
                .forEach(p -> phases.add(p.get("name").asText()));
        assertThat(phases).contains("l.i0", "l.x", "l.i1", "qr100");
        assertThat(run.sweep()).extracting(ReportData.PhaseTable::phase).containsExactlyInAnyOrderElementsOf(phases);
        assertThat(first.rows()).extracting(ReportData.RelativeRow::step).containsExactly("base", "a1", "a3", "a6");

        double base = median(throughputs(sweep, "01-base", "l.i1"));
        // the phase's noise model: the spread pooled over its steps with values (a1 was rejected: none)
        java.util.Map<String, double[]> model = new java.util.LinkedHashMap<>();
        model.put("base", doubles(throughputs(sweep, "01-base", "l.i1")));
        model.put("a3", doubles(throughputs(sweep, "03-a3", "l.i1")));
        model.put("a6", doubles(throughputs(sweep, "04-a6", "l.i1")));
        PooledLogSpread pooled = PooledLogSpread.of(model);
        for (ReportData.RelativeRow row : first.rows()) {
            if (row.step().equals("a1")) {
                assertThat(row.value()).isNull();
                assertThat(row.relative()).isNull();
                continue;
            }
            String dir = switch (row.step()) {
                case "base" -> "01-base";
                case "a3" -> "03-a3";
                default -> "04-a6";
            };
            List<Double> values = throughputs(sweep, dir, "l.i1");
            assertThat(row.value().n()).isEqualTo(2);
            assertThat(row.value().median()).isCloseTo(median(values), within(1e-9));
            assertThat(row.value().min()).isEqualTo(values.stream().min(Double::compare).get());
            if (!row.step().equals("base")) {
                var expected = pooled.estimate("base", model.get("base"), row.step(), doubles(values));
                // one point estimate: the ratio of geometric means the interval is built around (issue 45)
                assertThat(row.relative()).isCloseTo(((RatioInterval) expected).ratio(), within(1e-9));
                assertThat(row.interval().lower()).isCloseTo(((RatioInterval) expected).lower(), within(1e-9));
                assertThat(row.withinNoise()).isEqualTo(!row.mark().shown());
                if (row.mark().shown()) {
                    assertThat(((RatioInterval) expected).containsOne()).as("a mark only where the interval clears 1")
                            .isFalse();
                }
            }
        }
        ReportData.RelativeRow a3 = first.rows().get(2);
        assertThat(a3.published()).isEqualTo(161681.0);
        assertThat(a3.publishedRelative()).isCloseTo(161681.0 / 154202, within(1e-9));
        assertThat(a3.verdict()).isEqualTo(org.pgknobs.report.Verdict.of(a3.interval(), 161681.0 / 154202, a3.mark(),
                false).label());
        assertThat(a3.agreement()).isEqualTo(Agreement.of(org.pgknobs.report.Verdict.ofLabel(a3.verdict())).label());
        // published values belong to the reference's phase only
        assertThat(run.sweep().get(1).rows()).allMatch(r -> r.published() == null);

        ReportData.Step a1 = run.steps().stream().filter(s -> s.name().equals("a1")).findFirst().get();
        assertThat(a1.status()).isEqualTo("rejected");
        assertThat(a1.reason()).contains("lz4");

        String md = Files.readString(out.resolve(Reports.MARKDOWN));
        // the insert benchmark's driver counts inserted rows as its transactions: its per-transaction figures are per row
        assertThat(md).contains("| WAL kB/row | FPI/row |").doesNotContain("WAL kB/txn");
        assertThat(md).contains("### l.i1: relative to base")
                .contains("| a3 | " + Fmt.stat(a3.value()) + " | ")
                .contains("| 161681 | 1.05 |");
        JsonNode written = json.readTree(out.resolve(Reports.JSON).toFile());
        assertThat(written.at("/runs/0/sweep/0/rows/2/relative").asDouble()).isCloseTo(a3.relative(), within(1e-12));
    }

    @Test
    void cumulativeStepTableMatchesCollectorFiles() throws Exception {
        Path out = results.resolve("out-article");
        ReportData data = ReportFiles.write(List.of(article), out, Optional.empty());
        ReportData.Run run = data.runs().get(0);
        assertThat(run.sweep()).isEmpty();
        assertThat(run.steps()).extracting(ReportData.Step::name).containsExactly("baseline", "cache-8mb", "cache-2mb",
                "autovacuum", "wal", "index", "io-worker");
        ReportData.Step baseline = run.steps().get(0);
        assertThat(baseline.status()).isEqualTo("done");
        assertThat(run.steps().get(1).status()).isEqualTo("done");
        for (ReportData.Step s : run.steps()) {
            if (!"done".equals(s.status())) {
                continue;
            }
            Path dir = article.resolve("steps").resolve(String.format("%02d-%s", s.index(), s.name()));
            JsonNode phase = phase(dir, "tpcc");
            assertThat(s.effect().throughput().median()).isEqualTo(phase.get("throughput").asDouble());
            if (phase.get("completed").asLong() == 0) {
                assertThat(s.window().p99Ms()).as(s.name() + ": no transaction, no latency").isNull();
            } else {
                assertThat(s.window().p99Ms()).isEqualTo(phase.at("/latencyMs/p99").asDouble());
            }
            // a window with no transaction is divided by its bound (ReproductionColumnsTest)
            double through = s.effect().throughputBelow() != null ? s.effect().throughputBelow() : s.effect().throughput().median();
            assertThat(s.effect().slowdown()).isCloseTo(baseline.effect().throughput().median() / through, within(1e-9));
            JsonNode derived = window(dir, "tpcc").get("derived");
            assertThat(s.server().hitRatio()).isEqualTo(derived.get("clientHitRatio").asDouble());
            assertThat(s.server().walMB()).isCloseTo(derived.at("/walBytes/total").asDouble() / 1e6, within(1e-9));
            assertThat(s.server().checkpointsTimed()).isEqualTo(derived.at("/checkpoints/timed").asLong());
            assertThat(s.server().checkpointsRequested()).isEqualTo(derived.at("/checkpoints/requested").asLong());
            assertThat(s.server().io().keySet()).containsExactlyInAnyOrderElementsOf(
                    iterable(derived.get("ioByBackendType").fieldNames()));
            long samples = Files.readAllLines(dir.resolve("tpcc.samples.csv")).stream().skip(1)
                    .filter(l -> !l.isBlank()).count();
            assertThat(s.series().perSecond()).hasSize((int) samples);
        }
        assertThat(run.steps().get(1).effect().published()).isEqualTo(1052.0);
        assertThat(run.steps().get(1).effect().publishedSlowdown()).isCloseTo(7082.0 / 1052, within(1e-9));
        assertThat(run.steps().get(1).diagnosis().why()).allMatch(r -> !r.figures().isEmpty());

        String md = Files.readString(out.resolve(Reports.MARKDOWN));
        ReportData.Step cache = run.steps().get(1);
        assertThat(md).contains("| 2 | cache-8mb | done | " + Fmt.stat(cache.effect().throughput()) + " | ");
        assertThat(md).contains(Fmt.percent(cache.server().hitRatio()));
        // every step with why-lines has its anchor; a failed-by-SQLSTATE cell with 40001 links to it
        for (ReportData.Step s : run.steps()) {
            if (s.diagnosis().why().stream().anyMatch(r -> !r.unchanged())) {
                assertThat(md).as(s.name()).containsOnlyOnce("<a id=\"" + Fmt.whyAnchor(s.name()) + "\"></a>**"
                        + s.name() + "**");
            }
        }
        List<String> serializationRows = md.lines().filter(l -> l.matches("\\| \\d+ \\| .*") && l.contains("40001"))
                .toList();
        serializationRows.forEach(l -> assertThat(l).containsPattern("40001[^|]*\\(\\[why\\]\\(#why-[a-z0-9-]+\\)\\)"));
        assertThat(md.lines().filter(l -> l.matches("\\| \\d+ \\| .*") && !l.contains("40001")))
                .allSatisfy(l -> assertThat(l).doesNotContain("[why]"));
        assertThat(Fmt.failedWithWhy("40001: 120, 41.2 %", "cache-8mb", "report.md"))
                .isEqualTo("40001: 120, 41.2 % ([why](report.md#why-cache-8mb))");
        assertThat(Fmt.failedWithWhy("53200: 3, 0.1 %", "wal", "report.md")).isEqualTo("53200: 3, 0.1 %");
    }

    /**
     * report.html loads nothing: no picture, no stylesheet, no script from anywhere. Its charts are drawn in the page
     * by the inlined ECharts (once, whose only addresses are XML namespace strings and its licence) and charts.js, from
     * figures embedded as JSON. Without the profiles: the flame graphs' script is FlameGraphBrowserTest's.
     */
    @Test
    void htmlIsWellFormedSelfContainedAndHasCharts() throws Exception {
        Path out = results.resolve("out-html");
        ReportFiles.write(List.of(withoutProfiles(sweep, "sweep-without-profile"),
                withoutProfiles(article, "article-without-profile")), out, Optional.empty());
        String html = Files.readString(out.resolve(Reports.HTML));
        assertThat(html.replace(FlameGraphs.library(), "")).doesNotContainIgnoringCase("http://")
                .doesNotContainIgnoringCase("https://");
        assertThat(html.split("Licensed to the Apache Software Foundation", -1).length - 1).as("ECharts once").isEqualTo(1);
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(out.resolve(Reports.HTML).toFile());
        assertThat(doc.getElementsByTagName("img").getLength()).isZero();
        assertThat(doc.getElementsByTagName("link").getLength()).isZero();
        NodeList scripts = doc.getElementsByTagName("script");
        int data = 0;
        for (int i = 0; i < scripts.getLength(); i++) {
            org.w3c.dom.Node script = scripts.item(i);
            assertThat(script.getAttributes().getNamedItem("src")).as("no script loaded from anywhere").isNull();
            data += script.getAttributes().getNamedItem("type") != null ? 1 : 0;
        }
        assertThat(data).as("a JSON element per chart: two forest plots, and the rest").isGreaterThanOrEqualTo(6)
                .isEqualTo(html.split("data-chart=\"", -1).length - 1);
        assertThat(scripts.getLength() - data).as("ECharts, folds.js and charts.js, once").isEqualTo(3);
        assertThat(html).contains("@media print").doesNotContain("class=\"q");
        // the reference's address is shown, with its colon as a character reference
        assertThat(html).contains("https&#58;//byteofdev.com/posts/making-postgres-slow/");
    }

    @Test
    void severalRunsAreMatchedByStepName() throws Exception {
        Path copy = TinyRuns.copy(sweep, results.resolve("copy"));
        Workspace.delete(copy.resolve("steps/03-a3"));
        Files.delete(copy.resolve("suite.json"));   // a run killed before suite.json: steps are found on disk
        ReportData data = ReportFiles.write(List.of(sweep, copy), results.resolve("out-compare"), Optional.of("base"));
        assertThat(data.comparison()).extracting(ReportData.ComparisonRow::step).containsExactly("base", "a1", "a3", "a6");
        ReportData.ComparisonRow base = data.comparison().get(0);
        assertThat(base.ratioToFirst().get(1)).isEqualTo(1.0);
        assertThat(data.comparison().get(2).throughput().get(0)).isNotNull();
        assertThat(data.comparison().get(2).throughput().get(1)).isNull();
        assertThat(data.runs().get(1).steps()).extracting(ReportData.Step::name).containsExactly("base", "a1", "a6");
    }

    @Test
    void cliWritesTheThreeFilesAndRejectsAnUnknownBaseline() throws Exception {
        Path out = results.resolve("out-cli");
        assertThat(Main.execute("report", article.toString(), "--out", out.toString(), "--baseline", "cache-8mb"))
                .isEqualTo(Main.OK);
        assertThat(out.resolve(Reports.HTML)).isNotEmptyFile();
        assertThat(out.resolve(Reports.MARKDOWN)).isNotEmptyFile();
        JsonNode written = json.readTree(out.resolve(Reports.JSON).toFile());
        assertThat(written.at("/runs/0/baseline").asText()).isEqualTo("cache-8mb");
        assertThat(written.at("/runs/0/steps/1/slowdown").asDouble()).isEqualTo(1.0);

        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured));
        try {
            assertThat(Main.execute("report", article.toString(), "--out", out.toString(), "--baseline", "nosuch"))
                    .isEqualTo(Main.BAD_INPUT);
        } finally {
            System.setErr(err);
        }
        assertThatThrownBy(() -> ReportFiles.write(List.of(results.resolve("nowhere")), out, Optional.empty()))
                .isInstanceOf(BadInputException.class).hasMessageContaining("not a directory");
    }

    private static Path withoutProfiles(Path run, String name) throws Exception {
        Path copy = TinyRuns.copy(run, results.resolve(name));
        try (Stream<Path> files = Files.walk(copy)) {
            for (Path f : files.filter(f -> f.getFileName().toString().startsWith("profile.")).toList()) {
                Files.delete(f);
            }
        }
        return copy;
    }

    private List<Double> throughputs(Path run, String stepDir, String phase) throws Exception {
        List<Double> out = new ArrayList<>();
        try (Stream<Path> repeats = Files.list(run.resolve("steps").resolve(stepDir))) {
            for (Path r : repeats.sorted().toList()) {
                out.add(phase(r, phase).get("throughput").asDouble());
            }
        }
        return out;
    }

    private JsonNode phase(Path stepDir, String name) throws Exception {
        for (JsonNode p : json.readTree(stepDir.resolve("step.json").toFile()).at("/workload/phases")) {
            if (p.get("name").asText().equals(name)) {
                return p;
            }
        }
        throw new AssertionError("no phase " + name + " in " + stepDir);
    }

    private JsonNode window(Path stepDir, String name) throws Exception {
        for (JsonNode w : json.readTree(stepDir.resolve("pgstats.json").toFile()).get("windows")) {
            if (w.get("phase").asText().equals(name)) {
                return w;
            }
        }
        throw new AssertionError("no window " + name + " in " + stepDir);
    }

    private static double median(List<Double> values) {
        List<Double> s = values.stream().sorted().toList();
        return s.size() % 2 == 1 ? s.get(s.size() / 2) : (s.get(s.size() / 2 - 1) + s.get(s.size() / 2)) / 2;
    }

    private static <T> Iterable<T> iterable(java.util.Iterator<T> it) {
        List<T> out = new ArrayList<>();
        it.forEachRemaining(out::add);
        return out;
    }

    private static double[] doubles(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
