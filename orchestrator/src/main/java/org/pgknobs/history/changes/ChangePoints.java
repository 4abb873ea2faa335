package org.pgknobs.history.changes;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.pgknobs.stats.NoInterval;
import org.pgknobs.stats.RatioResult;
import org.pgknobs.stats.WelchLogRatio;

/**
 * Change points of a series (one value per run, oldest first), as Apache Otava finds them (Fleming et al.,
 * "Hunter: Using Change Point Detection to Hunt for Performance Regressions", ICPE 2023, §4; Daly et al.,
 * "Change Point Detection in Software Performance Testing", ICPE 2020), written here from the papers and Otava's
 * description, on Commons Statistics:
 *
 * <ol>
 *   <li><b>Split.</b> A window of {@link ChangePointOptions#window()} points slides over the series by half its
 *       length (or up to the last point it found). In each window, E-divisive means ({@link EnergyStatistic})
 *       picks the best split, keeps it while the {@link StudentSplit} t-test of its two sides is at or below the
 *       relaxed {@link ChangePointOptions#firstPassPValue()}, and goes on splitting the pieces. The union over
 *       windows are the weak change points, each then tested against its neighbours on the whole series.</li>
 *   <li><b>Merge.</b> While some point's p-value is not below {@link ChangePointOptions#maxPValue()}, the one with
 *       the largest p-value goes, else the one with the smallest magnitude if that is at most
 *       {@link ChangePointOptions#minMagnitude()}; after each removal its two neighbours are tested again.</li>
 * </ol>
 *
 * The t-test replaces Matteson &amp; James' permutation test: it is deterministic and needs far fewer points
 * (Daly et al. 2020, §4.2). Its false-alarm rate on noise is in docs/statistics.md.
 */
public final class ChangePoints {

    /** A point with its test against its current neighbours. */
    private record Weak(int index, StudentSplit.Result test) {
    }

    private ChangePoints() {
    }

    /** The change points of {@code series} (finite values, oldest first), in index order. */
    public static List<ChangePoint> detect(double[] series, ChangePointOptions options) {
        for (double v : series) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException("series holds " + v + ": values must be finite");
            }
        }
        List<Weak> points = merge(split(series, options), series, options);
        List<Segment> segments = Segment.between(points.stream().map(Weak::index).toList(), series.length);
        return points.stream().map(p -> described(p, series, Segment.around(p.index(), segments))).toList();
    }

    private static List<Weak> split(double[] series, ChangePointOptions options) {
        List<Integer> found = new ArrayList<>();
        int step = options.window() / 2;
        int start = 0;
        while (start < series.length) {
            int end = Math.min(start + options.window(), series.length);
            List<Integer> inWindow = divide(Arrays.copyOfRange(series, start, end), options.firstPassPValue());
            int last = inWindow.isEmpty() ? 0 : inWindow.get(inWindow.size() - 1) + start;
            for (int index : inWindow) {
                if (!found.contains(index + start)) {
                    found.add(index + start);
                }
            }
            start = Math.max(last, start + step);
        }
        found.sort(Comparator.naturalOrder());
        return retested(found, series);
    }

    /** E-divisive on one window: split while the best candidate's t-test is at or below the level. */
    static List<Integer> divide(double[] window, double level) {
        EnergyStatistic energy = new EnergyStatistic(window);
        List<Integer> points = new ArrayList<>();
        while (true) {
            List<Segment> segments = Segment.between(points, window.length);
            var candidate = energy.next(segments);
            if (candidate.isEmpty()) {
                return points;
            }
            int index = candidate.get().index();
            Segment[] sides = Segment.around(index, segments);
            if (!(StudentSplit.test(window, sides[0].from(), index, sides[1].to()).pValue() <= level)) {
                return points;
            }
            points.add(index);
            points.sort(Comparator.naturalOrder());
        }
    }

    private static List<Weak> merge(List<Weak> points, double[] series, ChangePointOptions options) {
        List<Weak> kept = new ArrayList<>(points);
        while (!kept.isEmpty()) {
            Weak weakest = kept.get(0);
            for (Weak w : kept) {
                if (w.test().pValue() > weakest.test().pValue()) {
                    weakest = w;
                }
            }
            if (weakest.test().pValue() < options.maxPValue()) {
                for (Weak w : kept) {
                    if (w.test().magnitude() < weakest.test().magnitude()) {
                        weakest = w;
                    }
                }
                if (weakest.test().magnitude() > options.minMagnitude()) {
                    return kept;
                }
            }
            int at = kept.indexOf(weakest);
            kept.remove(at);
            List<Weak> again = retested(kept.stream().map(Weak::index).toList(), series);
            for (int i : new int[] {at, at + 1}) {
                if (i < kept.size()) {
                    kept.set(i, again.get(i));
                }
            }
        }
        return kept;
    }

    private static List<Weak> retested(List<Integer> sortedIndexes, double[] series) {
        List<Segment> segments = Segment.between(sortedIndexes, series.length);
        return sortedIndexes.stream().map(index -> {
            Segment[] sides = Segment.around(index, segments);
            return new Weak(index, StudentSplit.test(series, sides[0].from(), index, sides[1].to()));
        }).toList();
    }

    private static ChangePoint described(Weak point, double[] series, Segment[] sides) {
        double[] before = Arrays.copyOfRange(series, sides[0].from(), sides[0].to());
        double[] after = Arrays.copyOfRange(series, sides[1].from(), sides[1].to());
        return new ChangePoint(point.index(), point.test().beforeMean(), point.test().afterMean(), before.length,
                after.length, ratio(before, after), point.test().pValue());
    }

    private static RatioResult ratio(double[] before, double[] after) {
        boolean positive = Arrays.stream(before).allMatch(v -> v > 0) && Arrays.stream(after).allMatch(v -> v > 0);
        return positive ? WelchLogRatio.estimate(before, after)
                : new NoInterval(WelchLogRatio.METHOD, "values not all positive: no ratio on logs", 0);
    }
}
