/**
 * {@code pgknobs history --html FILE}: the history as one self-contained page, an interactive chart per series.
 * {@link org.pgknobs.history.page.HistorySeries} is what the page draws (each run's point with its interval, the
 * change points, the runs on a differing machine), built from the store's rows; {@link
 * org.pgknobs.history.page.HistoryPage} renders it with the report's chart code (report.format's charts.js and
 * ECharts, inlined once).
 */
package org.pgknobs.history.page;
