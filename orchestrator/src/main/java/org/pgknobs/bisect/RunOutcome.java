package org.pgknobs.bisect;

/** One run of a candidate: its headline throughput, or why it failed. */
public sealed interface RunOutcome {

    /** @param throughput the headline phase's throughput (per second, higher is better) */
    record Ran(double throughput) implements RunOutcome {
        public Ran {
            if (!(throughput > 0)) {
                throw new IllegalArgumentException("a run that ran has a positive throughput, got " + throughput);
            }
        }
    }

    /** @param reason the run's status and reason (PostgreSQL's message where there is one) */
    record Failed(String reason) implements RunOutcome {
    }

    static RunOutcome ran(double throughput) {
        return new Ran(throughput);
    }

    static RunOutcome failed(String reason) {
        return new Failed(reason);
    }
}
