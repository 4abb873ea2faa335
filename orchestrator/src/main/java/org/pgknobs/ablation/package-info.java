/**
 * Ablation arithmetic and search, pure and server-free: {@link org.pgknobs.ablation.Effects} turns the
 * headline throughput of the fixed runs (base, full, without-U, only-U) into each unit's share of the full
 * slowdown on the log scale, with a noise band from repeats and an interaction flag;
 * {@link org.pgknobs.ablation.CulpritSearch} finds the smallest set of units, then of settings, that
 * reproduces a threshold of that slowdown, measuring each candidate through a callback (the runner's, or
 * a deterministic function in tests). The runs themselves are planned by
 * {@link org.pgknobs.experiment.plan.AblationPlan}.
 */
package org.pgknobs.ablation;
