package org.pgknobs.experiment;

/** Who drives the workload: pgknobs' own Java driver, or a BenchBase process. */
public enum Driver {
    BUILTIN, BENCHBASE
}
