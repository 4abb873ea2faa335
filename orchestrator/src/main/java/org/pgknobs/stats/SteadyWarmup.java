package org.pgknobs.stats;

import java.util.Arrays;

/**
 * {@code warmup: auto}: after each second of a warm-up, whether to go on warming up, start the window because the
 * last {@code steadySeconds} seconds are steady, or start it because the warm-up reached its cap.
 *
 * <p>The test is {@link SteadyStateCheck} on the trailing {@code steadySeconds} of the per-second series, asked once
 * every second from the moment that many seconds exist. Asking every second is repeated testing: on 30 points the
 * check misses about one ramp in ten, so a climbing series would soon meet one trailing stretch that looks flat.
 * The warm-up therefore ends only when the trailing stretch tested steady at each of the last
 * {@link #confirmations()} seconds (a third of {@code steadySeconds}); a flat warm-up then lasts
 * {@code steadySeconds + confirmations - 1} seconds. What ends a warm-up when, on crafted series, is measured by
 * SteadyWarmupTest and quoted in docs/statistics.md. The window's own steady-state check (the report's) still tests
 * the measured seconds.
 *
 * @param capSeconds    the longest warm-up: the window starts then, steady or not
 * @param steadySeconds how many trailing seconds must test steady (at least the check's minimum samples)
 */
public record SteadyWarmup(int capSeconds, int steadySeconds, SteadyStateCheck check) {

    /** What to do after the seconds so far. */
    public enum Decision {
        CONTINUE, STEADY, CAP;

        public boolean ends() {
            return this != CONTINUE;
        }
    }

    public SteadyWarmup {
        if (steadySeconds < check.minimumSamples() || capSeconds < steadySeconds) {
            throw new IllegalArgumentException("auto warm-up needs steady >= " + check.minimumSamples()
                    + " s and cap >= steady, got steady " + steadySeconds + " s, cap " + capSeconds + " s");
        }
    }

    public static SteadyWarmup of(int capSeconds, int steadySeconds) {
        return new SteadyWarmup(capSeconds, steadySeconds, SteadyStateCheck.defaults());
    }

    /** The shortest {@code steady} the test can judge (its minimum series length). */
    public static int minimumSteadySeconds() {
        return SteadyStateCheck.defaults().minimumSamples();
    }

    /** How many consecutive seconds the trailing stretch must test steady: a third of it, rounded up. */
    public int confirmations() {
        return (steadySeconds + 2) / 3;
    }

    /** @param perSecond the warm-up's throughput per whole second so far, in time order */
    public Decision next(double[] perSecond) {
        int n = perSecond.length;
        boolean steady = n >= steadySeconds + confirmations() - 1;
        for (int end = n; steady && end > n - confirmations(); end--) {
            steady = check.test(Arrays.copyOfRange(perSecond, end - steadySeconds, end)).steady();
        }
        if (steady) {
            return Decision.STEADY;
        }
        return n >= capSeconds ? Decision.CAP : Decision.CONTINUE;
    }
}
