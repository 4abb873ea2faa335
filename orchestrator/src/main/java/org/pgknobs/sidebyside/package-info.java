/**
 * The side-by-side comparisons behind {@code pgknobs bench}: the two TPC-C drivers, the sampler on and off,
 * the insert benchmark against iibench.py; each run alternately from one load, with the ratios' paired
 * intervals over the pairs. Used only by {@code cli}; builds on the runner's pieces, never the other way round.
 */
package org.pgknobs.sidebyside;
