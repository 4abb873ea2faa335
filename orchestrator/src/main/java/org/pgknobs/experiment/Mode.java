package org.pgknobs.experiment;

/**
 * How steps combine: each on top of all before it (the article), each alone on the base (a1..a17), or
 * ablation: the steps' settings together are the full set, and the runs take units of it away
 * (leave-one-out) or add them alone to the base (add-one-in); see {@link AblationUnits}.
 */
public enum Mode {
    CUMULATIVE, VARIANTS, ABLATION
}
