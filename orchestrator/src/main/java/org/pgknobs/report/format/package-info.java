/**
 * Renderings of the report's data, as JMH keeps {@code results.format} apart from its results:
 * {@link org.pgknobs.report.format.Reports#write} writes report.json, report.md
 * ({@link org.pgknobs.report.format.MarkdownReport}) and a self-contained report.html
 * ({@link org.pgknobs.report.format.HtmlReport}, XChart charts); {@link org.pgknobs.report.format.SummaryMarkdown}
 * is summary.md. Nothing here reads a result file itself.
 */
package org.pgknobs.report.format;
