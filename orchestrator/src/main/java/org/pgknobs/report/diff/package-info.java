/**
 * {@code pgknobs diff}: two steps (of one result directory or of two) compared section by section, from
 * their files on disk only.
 */
package org.pgknobs.report.diff;
