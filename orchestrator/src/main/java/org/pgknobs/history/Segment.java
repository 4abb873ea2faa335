package org.pgknobs.history;

import java.util.List;

/**
 * Which earlier runs of a step the gate compares a new run with: the last stable segment of the step's series. The
 * command line's gate uses {@code history.changes.AfterLastChange} (the runs after the series' last change point);
 * {@link #ALL} (every earlier run of the same key) is for tests of the key alone.
 */
@FunctionalInterface
public interface Segment {

    Segment ALL = earlier -> earlier;

    /** @param earlier the step's earlier runs of the same key, oldest first; returns the ones to compare with */
    List<StoredStep> lastStable(List<StoredStep> earlier);
}
