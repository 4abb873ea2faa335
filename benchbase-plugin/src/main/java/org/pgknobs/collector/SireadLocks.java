package org.pgknobs.collector;

import java.util.Map;
import java.util.TreeMap;

/**
 * The SIREAD (predicate) locks a window's samples saw, per relation and granularity. Under SERIALIZABLE a
 * Seq Scan locks its whole relation, an index scan only the tuples and index pages it read; which one a run's
 * statements take decides how many of its transactions conflict (docs/tpcc.md, "Two regimes").
 *
 * @param samples   the samples taken while the window was open (its edges included)
 * @param withLocks the samples that found any SIREAD lock: the shares' denominator, so that the seconds before a
 *                  driver's first transaction (a JVM starting inside the window) do not dilute them
 * @param relations per relation name, the samples that held each granularity and the most held at once
 */
public record SireadLocks(int samples, int withLocks, Map<String, Relation> relations) {

    public static final SireadLocks NONE = new SireadLocks(0, 0, Map.of());

    public SireadLocks {
        relations = relations == null ? Map.of() : Map.copyOf(new TreeMap<>(relations));
    }

    /** Every sample held locks (hand-made figures). */
    public SireadLocks(int samples, Map<String, Relation> relations) {
        this(samples, samples, relations);
    }

    /**
     * @param relationSamples samples with at least one relation-level SIREAD lock on it (one per holding transaction)
     * @param maxRelation     the most relation-level locks on it in one sample
     */
    public record Relation(int relationSamples, int pageSamples, int tupleSamples, long maxRelation, long maxPage,
                           long maxTuple) {

        static final Relation EMPTY = new Relation(0, 0, 0, 0, 0, 0);

        Relation with(String granularity, long count) {
            return switch (granularity) {
                case "relation" -> new Relation(relationSamples + 1, pageSamples, tupleSamples,
                        Math.max(maxRelation, count), maxPage, maxTuple);
                case "page" -> new Relation(relationSamples, pageSamples + 1, tupleSamples, maxRelation,
                        Math.max(maxPage, count), maxTuple);
                case "tuple" -> new Relation(relationSamples, pageSamples, tupleSamples + 1, maxRelation, maxPage,
                        Math.max(maxTuple, count));
                default -> this;
            };
        }
    }

    /** The share of the samples with locks, 0–1, that held a relation-level SIREAD lock on {@code relation}. */
    public double relationShare(String relation) {
        Relation r = relations.get(relation);
        return r == null || withLocks == 0 ? 0 : (double) r.relationSamples() / withLocks;
    }

    /** This window's tally with one more sample. */
    SireadLocks add(java.util.List<SireadCount> sample) {
        Map<String, Relation> next = new TreeMap<>(relations);
        for (SireadCount c : sample) {
            if (c.count() > 0) {
                next.merge(c.relation(), Relation.EMPTY.with(c.granularity(), c.count()),
                        (a, b) -> a.with(c.granularity(), c.count()));
            }
        }
        boolean any = sample.stream().anyMatch(c -> c.count() > 0);
        return new SireadLocks(samples + 1, withLocks + (any ? 1 : 0), next);
    }
}
