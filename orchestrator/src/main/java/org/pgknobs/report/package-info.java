/**
 * Reports from result directories: {@link org.pgknobs.report.Reports#write} reads only the files a run
 * left on disk ({@link org.pgknobs.report.ResultDirReader}), builds {@link org.pgknobs.report.ReportData}
 * (report.json) and renders it as report.md and a self-contained report.html with XChart charts.
 */
package org.pgknobs.report;
