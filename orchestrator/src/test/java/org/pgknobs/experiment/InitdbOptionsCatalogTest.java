package org.pgknobs.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.pgknobs.process.CommandResult;
import org.pgknobs.process.CommandRunner;
import org.pgknobs.server.EmbeddedBinaries;
import org.pgknobs.testing.TestServers;

/**
 * The allow-list ({@link InitdbOptions}) decides, by name and with a reason, every option that initdb's {@code --help}
 * lists in each embedded major (16, 17, 18) and in Debian's 15 where installed: a new initdb option is refused
 * anyway, but it fails this test until someone writes down whether it shapes the cluster and why.
 */
class InitdbOptionsCatalogTest {

    private static final Pattern LONG = Pattern.compile("--([a-z][a-z-]+)");
    private static final Pattern SHORT = Pattern.compile("^\\s+-([A-Za-z?])[, ]");

    @Test
    void everyOptionOfInitdbHelpIsDecidedByName() {
        Map<String, Path> initdbs = new LinkedHashMap<>();
        for (int major : List.of(16, 17, 18)) {
            initdbs.put(String.valueOf(major), Path.of(EmbeddedBinaries.ensureMajor(EmbeddedBinaries.defaultCacheDir(),
                    TestServers.runAs(), major).initdb()));
        }
        Path debian15 = Path.of("/usr/lib/postgresql/15/bin/initdb");
        if (Files.isExecutable(debian15)) {
            initdbs.put("15 (Debian)", debian15);
        }
        List<String> undecided = new ArrayList<>();
        TreeSet<String> seen = new TreeSet<>();
        initdbs.forEach((major, initdb) -> {
            CommandResult help = CommandRunner.run(List.of(initdb.toString(), "--help"), Duration.ofSeconds(30));
            assertThat(help.succeeded()).as(major + ": " + help.output()).isTrue();
            for (String line : help.output().split("\\R")) {
                Matcher s = SHORT.matcher(line);
                if (s.find()) {
                    seen.add("-" + s.group(1));
                    if (!InitdbOptions.known("-" + s.group(1))) {
                        undecided.add(major + ": -" + s.group(1));
                    }
                }
                Matcher l = LONG.matcher(line);
                while (l.find()) {
                    seen.add("--" + l.group(1));
                    if (!InitdbOptions.known("--" + l.group(1))) {
                        undecided.add(major + ": --" + l.group(1));
                    }
                }
            }
        });
        assertThat(seen).as("the --help pages were read").contains("--data-checksums", "--waldir", "-L", "--pwfile");
        assertThat(undecided).as("initdb options the allow-list does not decide by name").isEmpty();
    }
}
