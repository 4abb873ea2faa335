/**
 * The history of results (issue 47): every finished step of every run, recorded in one store (a SQLite file, or a
 * PostgreSQL database that many machines write to) from the result directories as the report reads them
 * ({@code report.ResultDirReader} and {@code report.ReportBuilder}, never a second reader); the terminal view of a
 * step's series, and the regression gate ({@link org.pgknobs.history.Gate}). docs/history.md.
 */
package org.pgknobs.history;
