/**
 * The report's data, built from result directories alone: {@link org.pgknobs.report.ResultDirReader} reads the
 * files a run left on disk, {@link org.pgknobs.report.ReportBuilder} makes {@link org.pgknobs.report.ReportData}
 * (written as report.json) with the verdicts, agreements and parts merged; {@link org.pgknobs.report.SummaryTable}
 * is the end-of-suite table's rows. How they look (Markdown, HTML, charts) is {@code report.format}, which
 * depends on this package and never the other way round.
 */
package org.pgknobs.report;
