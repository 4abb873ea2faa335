package org.pgknobs.results;

/**
 * How a step's warm-up went, recorded in step.json: a fixed one lasts its time; {@code warmup: auto} lasts until the
 * trailing seconds test steady or the cap is reached.
 *
 * @param rule          "fixed" or "auto"
 * @param seconds       how long it lasted, from the first request to the window's start
 * @param reached       "time" (fixed), "steady" or "cap" (auto)
 * @param capSeconds    auto only (else null): the longest it could last
 * @param steadySeconds auto only (else null): the trailing seconds that had to test steady
 */
public record WarmupOutcome(String rule, double seconds, String reached, Integer capSeconds, Integer steadySeconds) {

    public static WarmupOutcome fixed(double seconds) {
        return new WarmupOutcome("fixed", seconds, "time", null, null);
    }

    public boolean reachedSteadyState() {
        return "steady".equals(reached);
    }
}
