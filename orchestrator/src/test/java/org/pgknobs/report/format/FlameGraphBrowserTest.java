package org.pgknobs.report.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.process.CommandResult;
import org.pgknobs.results.ProfileSummary;
import org.pgknobs.testing.Chromium;
import org.pgknobs.testing.RequiredTools;
import org.pgknobs.testing.TinyRuns;

/**
 * report.html of the shared tiny article run (observe: [profile]) opened in a real browser, Debian's headless
 * chromium, with no network: its scripts run without a console message and every flame graph element gets
 * ECharts' canvas. This is the one check that the inlined library and our drawing code work together.
 */
class FlameGraphBrowserTest {

    @Test
    void theReportsFlameGraphsRenderInAHeadlessBrowserWithoutConsoleErrors(@TempDir Path profileDir) throws Exception {
        Chromium.require();
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

        // the graphs sit in closed sections and are drawn when opened: closed, none is drawn; opened, every one
        CommandResult closed = Chromium.dumpDom(report, profileDir.resolve("closed"));
        assertThat(closed.exitCode()).as(closed.output()).isZero();
        assertThat(count(closed.output(), "data-coloured=\"")).as("no differential drawn while closed").isZero();
        CommandResult r = Chromium.dumpDom(report, profileDir.resolve("opened"), Chromium.OPEN_EVERY_SECTION);

        assertThat(r.exitCode()).as(r.output()).isZero();
        List<String> console = r.output().lines().filter(l -> l.contains(":CONSOLE")).toList();
        assertThat(console).as("the page's console").isEmpty();
        // the page's other charts are ECharts instances too: count the flame graphs' own elements
        assertThat(count(r.output(), "<div class=\"flame\" data-flame=")).isEqualTo(graphs);
        assertThat(Pattern.compile("<div class=\"flame\"[^>]*_echarts_instance_=\"").matcher(r.output()).results().count())
                .isEqualTo(graphs); // the attribute, not the library's text
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
