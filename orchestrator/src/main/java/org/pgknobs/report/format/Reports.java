package org.pgknobs.report.format;

import java.nio.file.Path;
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
import org.pgknobs.results.JsonFiles;

/**
 * Entry point: reads result directories ({@link ResultDirReader}) and writes report.json (the data), report.md and
 * report.html (renderings of it) into {@code outDir}: the one class of the report that writes files.
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

    /**
     * @param baseline step name the slowdowns and relative values divide by; default "baseline" or
     *                 "base" when a step has that name, else the first step
     * @return the data written to report.json
     */
    public static ReportData write(List<Path> resultDirs, Path outDir, Optional<String> baseline) {
        return write(resultDirs, outDir, baseline, Optional.empty());
    }

    /** @param referenceVersion the PostgreSQL major the versions table divides by (default: the newest) */
    public static ReportData write(List<Path> resultDirs, Path outDir, Optional<String> baseline,
                                   Optional<Integer> referenceVersion) {
        if (resultDirs.isEmpty()) {
            throw new BadInputException("no result directory given: pass at least one results/<experiment>/<timestamp>");
        }
        List<RunData> runs = resultDirs.stream().map(ResultDirReader::read).toList();
        ReportData data = ReportBuilder.build(runs, baseline, referenceVersion, Instant.now());
        formats().forEach((file, format) -> JsonFiles.writeText(outDir.resolve(file), format.render(data)));
        return data;
    }
}
