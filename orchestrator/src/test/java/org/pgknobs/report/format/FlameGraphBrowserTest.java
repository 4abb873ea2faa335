package org.pgknobs.report.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.process.CommandResult;
import org.pgknobs.process.CommandRunner;
import org.pgknobs.results.ProfileSummary;
import org.pgknobs.testing.RequiredTools;
import org.pgknobs.testing.TinyRuns;

/**
 * report.html of the shared tiny article run (observe: [profile]) opened in a real browser, Debian's headless
 * chromium, with no network: its scripts run without a console message and every flame graph element gets
 * ECharts' canvas. This is the one check that the inlined library and our drawing code work together.
 */
class FlameGraphBrowserTest {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

    @Test
    void theReportsFlameGraphsRenderInAHeadlessBrowserWithoutConsoleErrors(@TempDir Path profileDir) throws Exception {
        RequiredTools.require(Files.isExecutable(CHROMIUM) ? null : "chromium is not installed (apt-get install chromium)");
        TinyRuns.Run run = TinyRuns.article();
        assertThat(run.exitCode()).isZero();
        Path baseline = run.directory().resolve("steps/01-baseline");
        ProfileSummary profile = ProfileSummary.read(baseline).orElseThrow();
        RequiredTools.require(profile.captured() ? null : "the tiny run has no profile: " + profile.reason());
        Path report = run.directory().resolve("report.html");
        String html = Files.readString(report);
        int graphs = count(html, "<div class=\"flame\"");
        assertThat(graphs).isGreaterThanOrEqualTo(2); // the baseline's own, and the next step's with its differential
        assertThat(count(html, "Licensed to the Apache Software Foundation")).isEqualTo(1); // ECharts once per report

        CommandResult r = CommandRunner.run(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + profileDir, "--enable-logging=stderr", "--v=0",
                "--virtual-time-budget=5000", "--dump-dom", report.toUri().toString()), Duration.ofSeconds(120));

        assertThat(r.exitCode()).as(r.output()).isZero();
        List<String> console = r.output().lines().filter(l -> l.contains(":CONSOLE")).toList();
        assertThat(console).as("the page's console").isEmpty();
        assertThat(count(r.output(), "_echarts_instance_=\"")).isEqualTo(graphs); // the attribute, not the library's text
        assertThat(count(r.output(), "<canvas")).isEqualTo(graphs);
    }

    private static int count(String text, String what) {
        Matcher m = Pattern.compile(Pattern.quote(what)).matcher(text);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }
}
