package org.pgknobs.report.format;

import org.pgknobs.report.ReportData;

/**
 * One rendering of the report's data, as JMH's {@code results.format} has one per output: each of the report's
 * files is a function of the same {@link ReportData}, and {@link Reports} writes them.
 */
public interface ReportFormat {

    String render(ReportData data);
}
