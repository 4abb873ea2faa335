package org.pgknobs.history.changes;

import java.util.ArrayList;
import java.util.List;

/** The points [from, to) of a series between two change points. */
record Segment(int from, int to) {

    int size() {
        return to - from;
    }

    /** The non-empty segments that sorted change point indexes cut [0, length) into. */
    static List<Segment> between(List<Integer> sortedIndexes, int length) {
        List<Segment> segments = new ArrayList<>();
        int from = 0;
        for (int index : sortedIndexes) {
            if (index != from) {
                segments.add(new Segment(from, index));
            }
            from = index;
        }
        if (from != length) {
            segments.add(new Segment(from, length));
        }
        return segments;
    }

    /**
     * The two segments a point at {@code index} separates: the one ending there and the next (an existing change
     * point), else the one holding it cut in two (a new candidate), as Otava's tester picks them.
     */
    static Segment[] around(int index, List<Segment> segments) {
        for (int i = 0; i < segments.size(); i++) {
            Segment s = segments.get(i);
            if (s.to == index) {
                return new Segment[] {s, segments.get(i + 1)};
            }
            if (s.from < index && index < s.to) {
                return new Segment[] {new Segment(s.from, index), new Segment(index, s.to)};
            }
        }
        throw new IllegalArgumentException("index " + index + " is in no segment of " + segments);
    }
}
