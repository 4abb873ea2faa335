package org.pgknobs.experiment;

/** How steps combine: each on top of all before it (the article), or each alone on the base (a1..a17). */
public enum Mode {
    CUMULATIVE, VARIANTS
}
