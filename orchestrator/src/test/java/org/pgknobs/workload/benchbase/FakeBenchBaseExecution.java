package org.pgknobs.workload.benchbase;

/** Stands in for BenchBase's ThreadBench: the agent opens its window when this class loads. */
final class FakeBenchBaseExecution {

    private FakeBenchBaseExecution() {
    }

    static void begin() {
        // loading the class is the signal
    }
}
