/**
 * Renderings of the report's data, as JMH keeps {@code results.format} apart from its results: each file is a
 * {@link org.pgknobs.report.format.ReportFormat} of the same data, report.json
 * ({@link org.pgknobs.report.format.JsonReport}), report.md ({@link org.pgknobs.report.format.MarkdownReport}) and a
 * self-contained report.html ({@link org.pgknobs.report.format.HtmlReport}, its first screen the forest plots of
 * {@link org.pgknobs.report.format.FirstScreen}, its charts' figures from {@link org.pgknobs.report.format.Charts}
 * drawn in the page with the inlined ECharts, and the flame graphs of {@link org.pgknobs.report.format.FlameGraphs} as
 * sections of each run); {@link org.pgknobs.report.format.Reports#write} writes them.
 * {@link org.pgknobs.report.format.SummaryMarkdown} is summary.md. Nothing here reads a result file, and only
 * {@code Reports} writes one.
 */
package org.pgknobs.report.format;
