/**
 * Bisection, pure and server-free: over an ordered list of candidates (PostgreSQL releases, or values of one
 * setting) {@link org.pgknobs.bisect.Bisection} decides the two ends' difference with repeats, then binary-searches
 * the candidates between them, classing each probe like the first end, like the last end, undecided or failing
 * ({@link org.pgknobs.bisect.ProbeClass}). Its intervals are the report's (Welch on logs,
 * {@link org.pgknobs.stats.Effect#reportedInterval}) and the ends' stopping rule is {@code repeats: auto}'s
 * ({@link org.pgknobs.stats.AutoRepeats}); the runs come from a callback (the runner's, or a synthetic oracle in
 * tests). docs/versions.md, "Bisection".
 */
package org.pgknobs.bisect;
