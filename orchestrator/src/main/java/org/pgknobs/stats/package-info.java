/**
 * The statistics of pgknobs, a leaf used by the report, the runner and the side-by-side benchmarks alike:
 * effect intervals, noise floor, steady state and {@code repeats: auto} (docs/statistics.md), and
 * {@link org.pgknobs.stats.Stats}, the one median and rounding of printed figures.
 */
package org.pgknobs.stats;
