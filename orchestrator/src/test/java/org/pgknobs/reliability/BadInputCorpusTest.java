package org.pgknobs.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.pgknobs.cli.Main;
import org.pgknobs.testing.CliRun;

/**
 * The bad-input corpus: every file under src/test/resources/bad-input/ is one case. A {@code .yaml}
 * case is run as {@code pgknobs run FILE}; an {@code .args} case gives the whole command line in an
 * {@code # args:} line. The first line, {@code # expect: a | b | c}, lists fragments the message must
 * hold (file:line for YAML, and the fix). Placeholders: {file} the case, {good} a valid experiment,
 * {out} and {work} the result and work directories (both must stay empty: no result directory, no
 * server left behind), {missing} a path that does not exist, {dir} a directory, {other-result} a result
 * directory of another experiment.
 */
class BadInputCorpusTest {

    private static Scratch scratch;
    private static Path corpus;

    @BeforeAll
    static void setUp() throws IOException, URISyntaxException {
        corpus = Path.of(BadInputCorpusTest.class.getResource("/bad-input").toURI());
        scratch = Scratch.create("bad-input");
        Path other = scratch.dir("other-result");
        Files.writeString(other.resolve("suite.json"),
                "{\"experiment\": \"some-other-experiment\", \"status\": \"done\", \"steps\": []}\n");
        scratch.dir("a-directory");
    }

    @AfterAll
    static void tearDown() {
        scratch.close();
    }

    static Stream<String> cases() throws IOException, URISyntaxException {
        Path dir = Path.of(BadInputCorpusTest.class.getResource("/bad-input").toURI());
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(Files::isRegularFile).map(p -> p.getFileName().toString()).sorted().toList().stream();
        }
    }

    @Test
    void corpusHoldsAtLeastThirtyCasesEachWithExpectations() throws Exception {
        List<String> all = cases().toList();
        assertThat(all).hasSizeGreaterThanOrEqualTo(30);
        for (String c : all) {
            assertThat(header(corpus.resolve(c), "expect")).as(c).isNotBlank();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void badInputExitsTwoWithOneMessageNamingWhereAndHowToFixAndTouchesNothing(String name) throws IOException, URISyntaxException {
        Path file = corpus.resolve(name);
        Path caseDir = scratch.dir("c" + cases().toList().indexOf(name));
        Path out = Files.createDirectories(caseDir.resolve("out"));
        Path work = scratch.dir(caseDir.getFileName() + "/work");
        Map<String, String> vars = Map.of(
                "{file}", file.toString(),
                "{good}", corpus.resolve("fixtures/good.yaml").toString(),
                "{out}", out.toString(),
                "{work}", work.toString(),
                "{missing}", caseDir.resolve("missing.yaml").toString(),
                "{dir}", scratch.root().resolve("a-directory").toString(),
                "{other-result}", scratch.root().resolve("other-result").toString());
        String args = name.endsWith(".args") ? header(file, "args") : "run {file} --out {out} --work-dir {work}";
        List<String> argv = new ArrayList<>();
        for (String a : args.trim().split("\\s+")) {
            argv.add(substitute(a, vars));
        }

        CliRun.Result r = CliRun.execute(argv.toArray(String[]::new));

        String err = r.err();
        assertThat(r.exitCode()).as(err + r.out()).isEqualTo(Main.BAD_INPUT);
        for (String fragment : header(file, "expect").split(" \\| ")) {
            assertThat(err).as("message of " + name).contains(substitute(fragment.trim(), vars));
        }
        assertThat(err.lines().filter(l -> l.startsWith("pgknobs:"))).as("one message").hasSize(1);
        assertThat(err).as("no stack trace").doesNotContain("\tat ");
        assertThat(Scratch.entries(out)).as("no result directory").isEmpty();
        assertThat(Scratch.entries(work)).as("no server directory left in the work dir").isEmpty();
        assertThat(Scratch.postgresProcessesUnder(work)).as("no server left running").isEmpty();
    }

    /** chmod 000 stops every user but root, so as root (CI) this case is skipped, visibly. */
    @Test
    void unreadableFileIsRefusedWithItsPermissionsAsTheFix() throws IOException {
        org.junit.jupiter.api.Assumptions.assumeFalse("root".equals(System.getProperty("user.name")),
                "running as root, which reads any file: the unreadable-file case cannot happen");
        Path file = scratch.root().resolve("unreadable.yaml");
        Files.copy(corpus.resolve("fixtures/good.yaml"), file);
        Files.setPosixFilePermissions(file, java.nio.file.attribute.PosixFilePermissions.fromString("---------"));
        Path out = scratch.dir("unreadable-out");
        CliRun.Result r = CliRun.execute("run", file.toString(), "--out", out.toString());
        assertThat(r.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).contains(file + ": not readable by this user", "chmod a+r");
        assertThat(Scratch.entries(out)).isEmpty();
    }

    /** Too big to keep in the corpus: written here, just over SnakeYAML's code-point limit. */
    @Test
    void aFileOverTheSizeLimitSaysTheLimitAndHowToSplitIt() throws IOException {
        Path file = scratch.root().resolve("huge.yaml");
        StringBuilder yaml = new StringBuilder("name: huge\nmode: variants\nsteps:\n  - name: baseline\n");
        for (int i = 0; yaml.length() <= 3 * 1024 * 1024; i++) {
            yaml.append("  - {name: s").append(i).append(", description: ").append("x".repeat(1000))
                    .append(", settings: {work_mem: 4MB}}\n");
        }
        Files.writeString(file, yaml);
        Path out = scratch.dir("huge-out");
        CliRun.Result r = CliRun.execute("validate", file.toString());
        assertThat(r.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).contains(file + ": is longer than 3145728 characters (3 MiB)", "split it into several",
                "experiment files").doesNotContain("UTF-8");
        assertThat(Scratch.entries(out)).isEmpty();
    }

    private static String substitute(String text, Map<String, String> vars) {
        String s = text;
        for (Map.Entry<String, String> v : vars.entrySet()) {
            s = s.replace(v.getKey(), v.getValue());
        }
        return s;
    }

    /** The value of the {@code # key: value} line at the top of a case. */
    private static String header(Path file, String key) throws IOException {
        String prefix = "# " + key + ":";
        byte[] bytes = Files.readAllBytes(file);
        return Arrays.stream(new String(bytes, StandardCharsets.ISO_8859_1).split("\n"))
                .takeWhile(l -> l.startsWith("#"))
                .filter(l -> l.startsWith(prefix))
                .map(l -> l.substring(prefix.length()).trim())
                .findFirst().orElse("");
    }
}
