package org.pgknobs.report.why;

/** What every comparative sentence shares: it names what it compares against, and whether throughput moved. */
final class Comparative {

    static final String NO_THROUGHPUT_CHANGE = "differs although throughput does not: ";

    private Comparative() {
    }

    /**
     * The sentence as it may be said: prefixed {@value #NO_THROUGHPUT_CHANGE} when the step's throughput interval
     * against the compared step holds 1 (or every repeat of both gave the same throughput), so a difference in a
     * figure is not read as the cause of a change that was not shown.
     */
    static String worded(WhyInput input, String text) {
        return input.throughput() == Comparison.Throughput.NO_DIFFERENCE ? NO_THROUGHPUT_CHANGE + text : text;
    }

    /** Whether a shift test may speak: not when throughput showed no difference (docs/statistics.md, "Shift tests"). */
    static boolean throughputMayHaveMoved(WhyInput input) {
        return input.throughput() != Comparison.Throughput.NO_DIFFERENCE;
    }
}
