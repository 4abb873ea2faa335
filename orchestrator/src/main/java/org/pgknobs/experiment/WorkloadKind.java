package org.pgknobs.experiment;

/** Which benchmark a step runs. */
public enum WorkloadKind {
    TPCC, INSERTBENCH
}
