package org.pgknobs.report.format;

import java.util.List;
import org.pgknobs.report.ReportData;

/**
 * What report.html shows before anything else: per run, the one-line verdict summary.md prints and the forest plot of
 * its effects (an insert benchmark's phases as small multiples beside the headline), then the legend said once, in a
 * "how to read this" box every table's header links to.
 */
final class FirstScreen {

    /** The legend box's element id: every table's header links here. */
    static final String HOW_TO_READ = "how-to-read";

    private FirstScreen() {
    }

    static void render(StringBuilder h, ReportData data) {
        for (ReportData.Run run : data.runs()) {
            List<Charts.Spec> plots = ForestPlot.of(run, Charts.id(run, "forest"));
            if (plots.isEmpty()) {
                continue;
            }
            h.append("<section class=\"first\">\n<h2>").append(HtmlReport.esc(run.label())).append(": every effect at a glance</h2>\n");
            ForestPlot.summary(run).ifPresent(s -> h.append("<p class=\"summary\">").append(HtmlReport.esc(s)).append("</p>\n"));
            h.append("<p class=\"meta\">Each row: the step's effect (the ratio of geometric means) with its 95 % interval,"
                    + " the line at 1 (no change), the published value as a diamond, the verdict on the right"
                    + (run.driftBand() > 1 ? "; the shaded band is the bracketed base's drift" : "")
                    + ". A point is green or red only where the step is marked (").append(link())
                    .append("). Hover a row for its figures and first why-line; a click goes to the step.</p>\n");
            h.append(Charts.html(plots.get(0)));
            if (plots.size() > 1) {
                h.append("<div class=\"multiples\">\n");
                plots.subList(1, plots.size()).forEach(p -> h.append(Charts.html(p)));
                h.append("</div>\n");
            }
            h.append("</section>\n");
        }
        h.append("<div class=\"legend\" id=\"").append(HOW_TO_READ).append("\">\n<h3>How to read this</h3>\n<p>")
                .append(HtmlReport.esc(MarkdownReport.INTERVAL_NOTE)).append("</p>\n<p>")
                .append(HtmlReport.esc(MarkdownReport.ABSOLUTE_NOTE)).append("</p>\n<p>")
                .append(HtmlReport.esc("Every chart has a \"table\" button: its figures as a table, to read or copy. Folded"
                        + " sections (▸) open on a click; flame graphs are drawn when their section opens.")).append("</p>\n</div>\n");
    }

    /** The link to the legend box that each table's header carries. */
    static String link() {
        return "<a class=\"legend-link\" href=\"#" + HOW_TO_READ + "\">how to read this</a>";
    }
}
