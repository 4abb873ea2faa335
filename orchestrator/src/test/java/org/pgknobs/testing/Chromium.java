package org.pgknobs.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.text.StringEscapeUtils;
import org.pgknobs.process.CommandResult;
import org.pgknobs.process.CommandRunner;

/** Debian's headless chromium, with no network: a page opened, its scripts run, its DOM as drawn. */
public final class Chromium {

    public static final Path BINARY = Path.of("/usr/bin/chromium");

    private Chromium() {
    }

    /** Skips (or fails under CI) where chromium is not installed. */
    public static void require() {
        RequiredTools.require(Files.isExecutable(BINARY) ? null : "chromium is not installed (apt-get install chromium)");
    }

    /**
     * The page's DOM after its own scripts and then {@code probe} ran: a copy of the page in {@code profileDir} with
     * the probe as its last script (a test reads what the page drew, e.g. from ECharts' instances, through the
     * elements the probe writes). The probe runs in the page as a reader's click would.
     */
    public static CommandResult dumpDom(Path page, Path profileDir, String probe) throws Exception {
        String html = Files.readString(page);
        int end = html.lastIndexOf("</body>");
        Path copy = Files.createDirectories(profileDir).resolve("probed-" + page.getFileName());
        Files.writeString(copy, html.substring(0, end) + "<script>//<![CDATA[\n" + probe + "\n//]]></script>\n"
                + html.substring(end));
        return dumpDom(copy, profileDir.resolve("browser"));
    }

    /**
     * What a probe wrote into {@code <pre id="probe">} in the DOM {@link #dumpDom(Path, Path, String)} returned, its
     * text unescaped: the last such element (the probe's own text, inlined in the page, names it too); null when the
     * probe wrote nothing.
     */
    public static String probed(CommandResult dom) {
        Matcher m = Pattern.compile("<pre id=\"probe\">(\\{.*?)</pre>", Pattern.DOTALL).matcher(dom.output());
        String written = null;
        while (m.find()) {
            written = m.group(1);
        }
        return written == null ? null : StringEscapeUtils.unescapeHtml4(written);
    }

    /** A probe for {@link #dumpDom(Path, Path, String)}: opens every folded section, as a reader's clicks would. */
    public static final String OPEN_EVERY_SECTION = "document.querySelectorAll('details').forEach(function (d) { d.open = true; });";

    /** The page's DOM after its scripts ran, with the browser's console lines (":CONSOLE") in the same output. */
    public static CommandResult dumpDom(Path page, Path profileDir) throws Exception {
        return CommandRunner.run(List.of(BINARY.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + profileDir, "--enable-logging=stderr", "--v=0",
                "--virtual-time-budget=5000", "--dump-dom", page.toUri().toString()), Duration.ofSeconds(120));
    }
}
