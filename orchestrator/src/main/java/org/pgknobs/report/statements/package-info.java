/**
 * The statements of a step's statements.json set against the step it is compared with: the top statements
 * by server time, their share of it and how their mean execution time moved. Used by the report's tables,
 * its why-rule and {@code pgknobs diff}; reads what the reader read only.
 */
package org.pgknobs.report.statements;
