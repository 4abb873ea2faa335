package org.pgknobs.history;

import java.util.List;

/**
 * Which earlier runs of a step the gate compares a new run with: the last stable segment of the step's series.
 * Until the change-point detection is wired in ({@code history changes}), {@link #ALL} is that segment: every earlier
 * run of the same key. The change-point code replaces it with "the runs after the last change point".
 */
@FunctionalInterface
public interface Segment {

    Segment ALL = earlier -> earlier;

    /** @param earlier the step's earlier runs of the same key, oldest first; returns the ones to compare with */
    List<StoredStep> lastStable(List<StoredStep> earlier);
}
