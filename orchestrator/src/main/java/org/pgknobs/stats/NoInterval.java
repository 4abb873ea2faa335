package org.pgknobs.stats;

/**
 * A method gave no interval: too few repeats (one on either side, or fewer than a rank interval needs to reach
 * its level) or no spread at all.
 *
 * @param method         see {@link RatioResult#method()}
 * @param reason         one sentence for the report, e.g. "1 repeat of the step: no spread to estimate"
 * @param repeatsNeeded  repeats per side at which the method gives an interval, or 0 when more repeats would not
 *                       help (identical values)
 */
public record NoInterval(String method, String reason, int repeatsNeeded) implements RatioResult {
}
