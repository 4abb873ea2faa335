package org.pgknobs.bisect;

/** What a probe behaves like. */
public enum ProbeClass {
    /** like the first candidate (the old release, the first value) */
    LIKE_FIRST,
    /** like the last candidate */
    LIKE_LAST,
    /** neither shown after the most repeats the rules allow */
    UNDECIDED,
    /** a run of it failed (its reason is kept): a class of its own, whatever its throughput would have been */
    FAILS;

    public String label(String first, String last) {
        return switch (this) {
            case LIKE_FIRST -> "like " + first;
            case LIKE_LAST -> "like " + last;
            case UNDECIDED -> "undecided";
            case FAILS -> "fails";
        };
    }
}
