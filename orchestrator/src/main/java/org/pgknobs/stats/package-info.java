/**
 * Medians and rounding of printed figures: a leaf, used by the report and the side-by-side benchmarks alike.
 */
package org.pgknobs.stats;
