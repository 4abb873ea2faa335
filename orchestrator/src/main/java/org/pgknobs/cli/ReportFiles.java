package org.pgknobs.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.pgknobs.report.ReportData;
import org.pgknobs.report.ResultDirReader;
import org.pgknobs.report.format.Reports;
import org.pgknobs.results.JsonFiles;

/**
 * Result directories in, report files out: the report reads only through its reader and renders only to text, so
 * the one place that writes report.json, report.md and report.html is here, through the results' atomic write.
 */
public final class ReportFiles {

    private ReportFiles() {
    }

    /** @return the data written to report.json */
    public static ReportData write(List<Path> resultDirs, Path outDir, Optional<String> baseline) {
        return write(resultDirs, outDir, baseline, Optional.empty());
    }

    /** @param referenceVersion the PostgreSQL major the versions table divides by (default: the newest) */
    public static ReportData write(List<Path> resultDirs, Path outDir, Optional<String> baseline,
                                   Optional<Integer> referenceVersion) {
        Reports.Rendered report = Reports.render(resultDirs.stream().map(ResultDirReader::read).toList(), baseline,
                referenceVersion);
        report.files().forEach((file, text) -> JsonFiles.writeText(outDir.resolve(file), text));
        return report.data();
    }
}
