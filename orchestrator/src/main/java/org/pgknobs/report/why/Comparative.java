package org.pgknobs.report.why;

/**
 * What every comparative sentence shares: it names what it compares against, and it passes the why-gate
 * (docs/reports.md, "The why-gate"): it reads as a cause only where the step's throughput interval against the
 * compared step lies clear of 1 and of the base's drift band, the rule every mark follows.
 */
final class Comparative {

    static final String NO_THROUGHPUT_CHANGE = "differs although throughput does not: ";
    static final String WITHIN_DRIFT = "differs although throughput does not beyond the base's drift: ";
    static final String CANNOT_BE_TOLD = "differs although throughput cannot be told apart (no interval): ";

    private Comparative() {
    }

    /**
     * The sentence as it may be said: as it is where throughput differs ({@link Comparison.Throughput#DIFFERS});
     * else prefixed with what the throughput interval showed (no difference, one within the drift, or none to
     * tell), so a difference in a figure is not read as the cause of a change that was not shown.
     */
    static String worded(WhyInput input, String text) {
        return switch (input.throughput()) {
            case DIFFERS -> text;
            case NO_DIFFERENCE -> NO_THROUGHPUT_CHANGE + text;
            case WITHIN_DRIFT -> WITHIN_DRIFT + text;
            case UNKNOWN -> CANNOT_BE_TOLD + text;
        };
    }

    /**
     * Whether a shift test may speak (docs/statistics.md, "Shift tests"): only where throughput differs beyond 1 and
     * the drift, its line reads as the cause of the change. Without an interval (one repeat on a side) it is silent.
     */
    static boolean throughputMayHaveMoved(WhyInput input) {
        return input.throughput() == Comparison.Throughput.DIFFERS;
    }
}
