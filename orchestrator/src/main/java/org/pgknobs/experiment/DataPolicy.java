package org.pgknobs.experiment;

/** Before each step: restore the loaded snapshot (every step sees the same data), or continue on it. */
public enum DataPolicy {
    RESTORE, CONTINUE
}
