package org.pgknobs.report.format;

import java.util.List;
import java.util.Map;

/**
 * The report's chart components for another self-contained page (the history's, {@code pgknobs history --html}): a
 * chart's element with its figures as JSON ({@link Charts#html}), the scripts that draw every chart of the page
 * inlined once (ECharts, folds.js, charts.js: {@link Charts#scripts}), report.html's style sheet and its escaping. The
 * page's own text is the caller's; what a chart draws is charts.js's, as in report.html.
 */
public final class ChartPage {

    /** report.html's style sheet, for a page that should read like it. */
    public static final String CSS = HtmlReport.CSS;

    private ChartPage() {
    }

    /** A chart's element and its data (see {@link Charts.Spec}: charts.js draws {@code kind} from these rows). */
    public static String chart(String id, String kind, String title, List<String> columns, List<List<Object>> rows,
                               Map<String, Object> options) {
        return Charts.html(new Charts.Spec(id, kind, title, columns, rows, options));
    }

    /** The scripts the page's charts need, once; call with the page's HTML so far, after every chart's element. */
    public static String scripts(String page) {
        return Charts.scripts(page);
    }

    /** Text for HTML text and attribute values, as report.html escapes it (no literal "scheme://" either). */
    public static String esc(String s) {
        return HtmlReport.esc(s);
    }
}
