package org.pgknobs.report.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.cli.ReportFiles;
import org.pgknobs.process.CommandResult;
import org.pgknobs.testing.RequiredTools;
import org.pgknobs.testing.TinyRuns;

/**
 * report.html stays a document whatever the server wrote (docs/security.md): a copy of the shared tiny article run
 * gets markup that would run script if pasted as it is, in a statement text (statements.json), a plan (an index
 * name in plans.json, shown as a plan change) and a function name of the flame graph (profile.folded, which the
 * page carries as JSON inside a script element). The report is built from those files by the reader and the HTML
 * format and opened in headless Chromium: the payload's handler would set the page's title; it must not, and the
 * payload must show as text.
 */
class ReportEscapingBrowserTest {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final String PAYLOAD = "</script><img src=x onerror=document.title='pwned'><!--";

    @Test
    void serverTextInStatementsPlansAndFlameGraphsShowsAsTextAndRunsNoScript(@TempDir Path tmp) throws Exception {
        TinyRuns.Run run = TinyRuns.article();
        assertThat(run.exitCode()).as(run.output()).isZero();
        Path copy = TinyRuns.copy(run.directory(), tmp.resolve("run"));
        Path first = only(copy.resolve("steps"), "01-");
        Path second = only(copy.resolve("steps"), "02-");
        Path statements = file(first, "statements.json");
        Path plans = file(second, "plans.json");
        Path folded = file(first, "profile.folded");
        RequiredTools.require(Files.exists(folded) ? null : "the tiny run has no profile.folded (perf is missing)");
        String jsonPayload = PAYLOAD.replace("\"", "\\\"");
        replace(statements, "\"query\" : \"", "\"query\" : \"" + jsonPayload + " ", true);
        replace(plans, "\"Index Name\" : \"", "\"Index Name\" : \"" + jsonPayload, false);
        Files.writeString(folded, Files.readString(folded).replaceFirst("\\s*$", "\n")
                + "postgres;main;" + PAYLOAD + " 1000000\n");

        Path out = tmp.resolve("report");
        ReportFiles.write(List.of(copy), out, Optional.empty());
        String html = Files.readString(out.resolve(Reports.HTML));

        assertThat(html).as("the payload never appears as markup").doesNotContain("<img src=x").doesNotContain("<!--<");
        String asText = HtmlReport.esc(PAYLOAD);
        assertThat(count(html, asText)).as("statement text and plan as HTML text").isGreaterThanOrEqualTo(2);
        assertThat(html).as("the flame graph's function name as JSON in the script element")
                .contains("\\u003c/script\\u003e\\u003cimg src=x onerror=document.title='pwned'\\u003e\\u003c!--");

        // the page as written is checked above everywhere; the browser's reading of it where chromium is
        RequiredTools.require(Files.isExecutable(CHROMIUM) ? null : "chromium is not installed (apt-get install chromium)");
        // every folded section opened, so every flame graph and chart is drawn
        CommandResult r = org.pgknobs.testing.Chromium.dumpDom(out.resolve(Reports.HTML), tmp.resolve("profile"),
                org.pgknobs.testing.Chromium.OPEN_EVERY_SECTION);

        assertThat(r.exitCode()).as(r.output()).isZero();
        String dom = r.output();
        assertThat(dom).as("no handler ran").contains("<title>pgknobs report</title>").doesNotContain("<title>pwned");
        assertThat(dom).as("no element from the payload").doesNotContain("<img src=\"x\"");
        assertThat(count(dom, "&lt;/script&gt;&lt;img src=x onerror=document.title='pwned'&gt;&lt;!--"))
                .as("the payload as text in the statement and plan tables").isGreaterThanOrEqualTo(2);
        assertThat(dom.lines().filter(l -> l.contains(":CONSOLE"))).as("no script error").isEmpty();
        assertThat(count(dom, "<canvas")).as("the flame graphs and charts still parse their JSON and draw")
                .isEqualTo(count(html, "<div class=\"flame\"") + count(html, "data-chart=\""));
    }

    private static Path only(Path steps, String prefix) throws IOException {
        try (Stream<Path> s = Files.list(steps)) {
            return s.filter(p -> p.getFileName().toString().startsWith(prefix)).findFirst().orElseThrow();
        }
    }

    /** A step's file: in the step directory, or in its first repeat's (r1/) when it has repeats. */
    private static Path file(Path step, String name) {
        return Files.exists(step.resolve(name)) ? step.resolve(name) : step.resolve("r1").resolve(name);
    }

    /** Every statement's text, or the first plan's index name. */
    private static void replace(Path file, String what, String with, boolean all) throws IOException {
        String text = Files.readString(file);
        assertThat(text).as(file.toString()).contains(what);
        int at = text.indexOf(what);
        Files.writeString(file, all ? text.replace(what, with)
                : text.substring(0, at) + with + text.substring(at + what.length()));
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int at = text.indexOf(what); at >= 0; at = text.indexOf(what, at + what.length())) {
            n++;
        }
        return n;
    }
}
