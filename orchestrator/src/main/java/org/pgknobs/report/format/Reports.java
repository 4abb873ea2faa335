package org.pgknobs.report.format;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.pgknobs.BadInputException;
import org.pgknobs.report.ReportBuilder;
import org.pgknobs.report.ReportData;
import org.pgknobs.report.ResultDirReader;
import org.pgknobs.report.RunData;

/**
 * Entry point of the renderings: from result directories as {@link ResultDirReader} read them, report.json (the
 * data), report.md and report.html (renderings of it), as texts; {@code cli.ReportFiles} writes them.
 */
public final class Reports {

    public static final String JSON = "report.json";
    public static final String MARKDOWN = "report.md";
    public static final String HTML = "report.html";

    /** Each file of the report and the format that renders it, in the order they are written. */
    static Map<String, ReportFormat> formats() {
        Map<String, ReportFormat> formats = new LinkedHashMap<>();
        formats.put(JSON, new JsonReport());
        formats.put(MARKDOWN, new MarkdownReport());
        formats.put(HTML, new HtmlReport());
        return formats;
    }

    private Reports() {
    }

    /** An ablation's ranked table and search as in report.md, for the terminal; empty for other runs. */
    public static Optional<String> ablationMarkdown(ReportData data) {
        return data.runs().stream().filter(r -> r.ablation() != null).findFirst().map(r -> MarkdownReport.ablation(r.ablation()));
    }

    /** A report: its data (report.json's content) and each of its files' name and text, in the order to write them. */
    public record Rendered(ReportData data, Map<String, String> files) {
    }

    /**
     * @param runs             result directories as {@link ResultDirReader} read them
     * @param baseline         step name the slowdowns and relative values divide by; default "baseline" or "base"
     *                         when a step has that name, else the first step
     * @param referenceVersion the PostgreSQL major the versions table divides by (default: the newest)
     */
    public static Rendered render(List<RunData> runs, Optional<String> baseline, Optional<Integer> referenceVersion) {
        if (runs.isEmpty()) {
            throw new BadInputException("no result directory given: pass at least one results/<experiment>/<timestamp>");
        }
        ReportData data = ReportBuilder.build(runs, baseline, referenceVersion, Instant.now());
        Map<String, String> files = new LinkedHashMap<>();
        formats().forEach((file, format) -> files.put(file, format.render(data)));
        return new Rendered(data, files);
    }
}
