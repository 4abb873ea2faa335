/**
 * Plan changes between two steps, computed when a report or {@code pgknobs diff} is made from the two
 * steps' plans.json (never stored), with the statements' share of server time where statements.json
 * gives it. Read by the report's data, its why-rules and {@code pgknobs diff}.
 */
package org.pgknobs.report.plans;
