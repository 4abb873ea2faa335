package org.pgknobs.experiment;

/**
 * The workload of every step. Both kinds' parameters are always present (with defaults), so
 * {@code --set workload.kind=tpcc} turns an insert-benchmark experiment into a TPC-C one.
 */
public record WorkloadSpec(WorkloadKind kind, Driver driver, TpccSpec tpcc, InsertBenchSpec insertbench) {
}
