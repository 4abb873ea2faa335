/**
 * {@code pgknobs diff}: two steps (of one result directory or of two) compared section by section, from
 * what {@link org.pgknobs.report.ResultDirReader} read of them; nothing here opens a file.
 */
package org.pgknobs.report.diff;
