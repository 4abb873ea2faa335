package org.pgknobs.report.format;

import org.pgknobs.json.Json;
import org.pgknobs.report.ReportData;

/** report.json: the data itself, every figure the other formats show (see {@link ReportData}). */
final class JsonReport implements ReportFormat {

    @Override
    public String render(ReportData data) {
        return Json.text(data);
    }
}
