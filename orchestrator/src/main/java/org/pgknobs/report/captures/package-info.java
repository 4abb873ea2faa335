/**
 * A step's capture files as {@link org.pgknobs.report.ResultDirReader} read them (plans.json, statements.json,
 * profile.folded, profile.json, autovacuum.log, settings.json), so the report's data, its why-rules, its formats
 * and {@code pgknobs diff} are functions of what was read and never open a file themselves.
 */
package org.pgknobs.report.captures;
