package org.pgknobs.agent;

/** Stands in for BenchBase's ThreadBench: loading it tells the agent that execution started. */
final class FakeThreadBench {

    private FakeThreadBench() {
    }

    static void touch() {
        // loading the class is the signal
    }
}
