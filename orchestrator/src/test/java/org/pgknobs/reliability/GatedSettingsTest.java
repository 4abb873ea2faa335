package org.pgknobs.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
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
 * The held-back corpus of experiment files that would run a program, load code from a path or use a file outside
 * the data directory (src/test/resources/gated-settings/, docs/security.md): in the base, a step, a profile, --set,
 * apply's settings file and bench's --set. Each is refused with exit 2 before anything starts: no result directory,
 * no server directory, and no file where the setting points ({marker}). With the allowance the issue's own file
 * runs, and says first what it will execute. Case headers as in {@link BadInputCorpusTest}; {marker} is a path in
 * the case's directory, substituted into the file too, and {@code # settings:} is apply's file ("\n" a line break).
 */
class GatedSettingsTest {

    private static final String MARKER = "pgk_pwned";

    private static Scratch scratch;
    private static Path corpus;
    private static List<String> names;

    @BeforeAll
    static void setUp() throws URISyntaxException, IOException {
        corpus = Path.of(GatedSettingsTest.class.getResource("/gated-settings").toURI());
        names = cases().toList();
        scratch = Scratch.create("gated");
    }

    @AfterAll
    static void tearDown() {
        scratch.close();
    }

    static Stream<String> cases() throws IOException, URISyntaxException {
        Path dir = Path.of(GatedSettingsTest.class.getResource("/gated-settings").toURI());
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(Files::isRegularFile).map(p -> p.getFileName().toString()).sorted().toList().stream();
        }
    }

    @Test
    void theCorpusCoversEveryKindInEveryPlace() throws Exception {
        List<String> all = cases().toList();
        for (String kind : List.of("command", "library", "path")) {
            for (String place : List.of("in-base", "in-step", "in-profile", "by-set")) {
                assertThat(all).as(kind + " " + place).anyMatch(c -> c.startsWith(kind + "-" + place));
            }
        }
        assertThat(all).contains("command-apply-settings.args", "command-bench-set.args", "path-initdb-waldir.yaml");
        for (String place : List.of("in-server", "in-step", "in-profile", "by-set")) {
            assertThat(all).as("initdb " + place).anyMatch(c -> c.startsWith("initdb-") && c.contains(place));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void refusedWithExitTwoBeforeAnythingStarts(String name) throws IOException {
        Case c = prepare(name);
        String args = name.endsWith(".args") || !header(corpus.resolve(name), "args").isEmpty()
                ? header(corpus.resolve(name), "args") : "run {file} --out {out} --work-dir {work}";

        CliRun.Result r = CliRun.execute(c.argv(args));

        String err = r.err();
        assertThat(r.exitCode()).as(err + r.out()).isEqualTo(Main.BAD_INPUT);
        for (String fragment : header(corpus.resolve(name), "expect").split(" \\| ")) {
            assertThat(err).as("message of " + name).contains(c.substitute(fragment.trim()));
        }
        assertThat(err.lines().filter(l -> l.startsWith("pgknobs:"))).as("one message").hasSize(1);
        assertThat(err).as("no stack trace").doesNotContain("\tat ");
        assertThat(r.out()).as("nothing announced as run").doesNotContain("this experiment runs");
        assertThat(Scratch.entries(c.out())).as("no result directory").isEmpty();
        assertThat(Scratch.entries(c.work())).as("no server directory").isEmpty();
        assertThat(Scratch.postgresProcessesUnder(c.work())).as("no server left running").isEmpty();
        assertThat(Scratch.files(c.dir())).as("no file where the setting points")
                .noneMatch(p -> p.getFileName().toString().startsWith(MARKER));
    }

    /** The initdb cases of experiment files (the insertbench commands have no validate). */
    static Stream<String> initdbCases() throws IOException, URISyntaxException {
        return cases().filter(c -> c.startsWith("initdb-") && !c.contains("insertbench"));
    }

    /** The initdb corpus at validate too (run above): exit 2 with the same message, nothing started or written. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("initdbCases")
    void initdbOptionsAreRefusedByValidateToo(String name) throws IOException {
        Case c = prepare(name, "v");
        String args = header(corpus.resolve(name), "args");
        args = args.isEmpty() ? "validate {file}" : args.replaceFirst("^run ", "validate ").replace("--out {out} ", "");

        CliRun.Result r = CliRun.execute(c.argv(args));

        assertThat(r.exitCode()).as(r.err() + r.out()).isEqualTo(Main.BAD_INPUT);
        for (String fragment : header(corpus.resolve(name), "expect").split(" \\| ")) {
            assertThat(r.err()).as("message of " + name).contains(c.substitute(fragment.trim()));
        }
        assertThat(Scratch.entries(c.work())).as("no server directory").isEmpty();
        assertThat(Scratch.files(c.dir())).noneMatch(p -> p.getFileName().toString().startsWith(MARKER));
    }

    @Test
    void gatedNamesWithHarmlessValuesNeedNoAllowance() throws IOException {
        CliRun.Result r = CliRun.execute("validate", corpus.resolve("fixtures/allowed-values.yaml").toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
    }

    @Test
    void validateAcceptsTheFileWithTheAllowanceOnTheCommandLineButNotFromTheFileItself() throws IOException {
        Case c = prepare("command-in-step-validate.yaml", "ok");
        CliRun.Result r = CliRun.execute("validate", c.file().toString(), "--allow", "commands");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).as("validate says what the file runs and who granted it")
                .contains("  this experiment runs: restore_command = cp /some/archive/%f %p && touch " + c.marker(),
                        "granted (commands) by --allow commands on the command line");

        Path inFile = c.dir().resolve("allowed-in-file.yaml");
        Files.writeString(inFile, "allow: [commands]\n" + Files.readString(c.file()));
        r = CliRun.execute("validate", inFile.toString());
        assertThat(r.exitCode()).as("a file's allow: grants nothing: " + r.out()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).contains("declares `allow: [commands]`, which grants nothing by itself", "--allow commands",
                "`pgknobs trust " + inFile + "`");
    }

    /**
     * Trust is the user's, for the exact content: `pgknobs trust FILE` shows what the file runs and records its
     * SHA-256; validate then accepts it (and records the grant), a changed byte makes it untrusted again and says
     * what changed, a --set is not covered by it, and --revoke forgets it.
     */
    @Test
    void trustGrantsTheExactContentUntilItChangesOrIsRevoked() throws IOException {
        Case c = prepare("command-declared-in-file.yaml", "t");
        CliRun.Result r = CliRun.execute("validate", c.file().toString());
        assertThat(r.exitCode()).as(r.out()).isEqualTo(Main.BAD_INPUT);

        r = CliRun.execute("trust", c.file().toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("trusted: " + c.file().toRealPath(), "this experiment runs: archive_command = touch "
                + c.marker() + "_%f");
        assertThat(CliRun.execute("trust", "--list").out()).contains(c.file().toRealPath().toString());

        r = CliRun.execute("validate", c.file().toString());
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("granted (commands) by your trust in this file's exact content");

        r = CliRun.execute("validate", c.file().toString(), "--set", "server.base.restore_command=touch_" + c.marker());
        assertThat(r.exitCode()).as("trust covers the file, not a --set: " + r.out()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).contains("--set server.base.restore_command").doesNotContain("pgknobs trust");

        String original = Files.readString(c.file());
        Files.writeString(c.file(), original.replace("archive_timeout: 1", "archive_timeout: 2"));
        r = CliRun.execute("validate", c.file().toString());
        assertThat(r.exitCode()).as("one byte changed: " + r.out()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).contains("you trusted this file, but it changed since", "was 'archive_timeout: 1', now "
                + "'archive_timeout: 2'");

        Files.writeString(c.file(), original);
        assertThat(CliRun.execute("validate", c.file().toString()).exitCode()).as("the trusted bytes again").isZero();
        r = CliRun.execute("trust", "--revoke", c.file().toString());
        assertThat(r.out()).contains("revoked");
        assertThat(CliRun.execute("validate", c.file().toString()).exitCode()).as("revoked").isEqualTo(Main.BAD_INPUT);
    }

    /** The trusted file runs, and its result directory records the grant with the file's hash. */
    @Test
    void aTrustedFileRunsAndItsResultDirectoryRecordsTheGrant() throws IOException {
        Case c = prepare("command-declared-in-file.yaml", "r2");
        Files.setPosixFilePermissions(c.dir(), PosixFilePermissions.fromString("rwxrwxrwx"));
        assertThat(CliRun.execute("trust", c.file().toString()).exitCode()).isZero();

        CliRun.Result r = CliRun.execute("run", c.file().toString(), "--out", c.out().toString(),
                "--work-dir", c.work().toString(), "--progress-interval", "1s", "-q",
                "--no-trial-start"); // what is granted and run, not the trial start (TrialStartTest's): one server start less

        assertThat(r.exitCode()).as(r.err() + r.out()).isZero();
        assertThat(r.out()).contains("this experiment runs: archive_command = touch " + c.marker() + "_%f",
                "granted (commands) by your trust");
        assertThat(Scratch.files(c.dir())).as("the trusted command ran")
                .anyMatch(p -> p.getFileName().toString().startsWith(MARKER + "_0000"));
        Path suite = Files.find(c.out(), 3, (p, a) -> p.getFileName().toString().equals("suite.json")).findFirst().orElseThrow();
        String sha = org.pgknobs.experiment.trust.TrustStore.sha256(Files.readAllBytes(c.file()));
        assertThat(Files.readString(suite)).contains("\"by\" : \"trust\"", sha);
        CliRun.execute("trust", "--revoke", c.file().toString());
    }

    /** The issue's file, allowed: it runs, says first what it executes, and the command ran (the archiver's files). */
    @Test
    void theArchiveCommandRunsWithAllowCommandsAndTheRunSaysSoFirst() throws IOException {
        Case c = prepare("command-in-step.yaml", "run");
        // the archiver runs as the server's OS user (postgres when the tests run as root)
        Files.setPosixFilePermissions(c.dir(), PosixFilePermissions.fromString("rwxrwxrwx"));

        CliRun.Result r = CliRun.execute("run", c.file().toString(), "--allow", "commands", "--out", c.out().toString(),
                "--work-dir", c.work().toString(), "--progress-interval", "1s", "-q",
                "--no-trial-start"); // what is granted and run, not the trial start (TrialStartTest's): one server start less

        assertThat(r.exitCode()).as(r.err() + r.out()).isZero();
        assertThat(r.out().lines().findFirst()).as(r.out())
                .hasValue("this experiment runs: archive_command = touch " + c.marker() + "_%f");
        assertThat(Scratch.files(c.dir())).as("the allowed command ran: the archiver touched a file per WAL segment")
                .anyMatch(p -> p.getFileName().toString().startsWith(MARKER + "_0000"));
        Path resolved = Files.find(c.out(), 3, (p, a) -> p.getFileName().toString().equals("experiment.resolved.yaml"))
                .findFirst().orElseThrow();
        assertThat(Files.readString(resolved)).as("the result directory records the allowance").contains("allow:\n- commands");
    }

    private Case prepare(String name) throws IOException {
        return prepare(name, "");
    }

    /** The case in a directory of its own ({@code label} tells two uses of one case apart). */
    private Case prepare(String name, String label) throws IOException {
        Path dir = scratch.dir("c" + names.indexOf(name) + label);
        Path out = Files.createDirectories(dir.resolve("out"));
        Path work = scratch.dir(dir.getFileName() + "/work");
        Map<String, String> vars = new LinkedHashMap<>();
        vars.put("{marker}", dir.resolve(MARKER).toString());
        vars.put("{good-cumulative}", corpus.resolve("fixtures/good-cumulative.yaml").toString());
        vars.put("{good}", Path.of(corpus.getParent().toString(), "bad-input", "fixtures", "good.yaml").toString());
        vars.put("{out}", out.toString());
        vars.put("{work}", work.toString());
        Case c = new Case(dir, out, work, dir.resolve(name), dir.resolve(MARKER), dir.resolve("settings.yaml"), vars);
        vars.put("{file}", c.file().toString());
        vars.put("{settings}", c.settings().toString());
        Files.writeString(c.file(), c.substitute(Files.readString(corpus.resolve(name))));
        String settings = header(corpus.resolve(name), "settings");
        if (!settings.isEmpty()) {
            Files.writeString(c.settings(), c.substitute(settings.replace("\\n", "\n")) + "\n");
        }
        return c;
    }

    private record Case(Path dir, Path out, Path work, Path file, Path marker, Path settings, Map<String, String> vars) {

        String substitute(String text) {
            String s = text;
            for (Map.Entry<String, String> v : vars.entrySet()) {
                s = s.replace(v.getKey(), v.getValue());
            }
            return s;
        }

        String[] argv(String args) {
            List<String> argv = new ArrayList<>();
            for (String a : args.trim().split("\\s+")) {
                argv.add(substitute(a));
            }
            return argv.toArray(String[]::new);
        }
    }

    /** The value of the {@code # key: value} line at the top of a case. */
    private static String header(Path file, String key) throws IOException {
        String prefix = "# " + key + ":";
        return Arrays.stream(Files.readString(file, StandardCharsets.UTF_8).split("\n"))
                .takeWhile(l -> l.startsWith("#"))
                .filter(l -> l.startsWith(prefix))
                .map(l -> l.substring(prefix.length()).trim())
                .findFirst().orElse("");
    }
}
