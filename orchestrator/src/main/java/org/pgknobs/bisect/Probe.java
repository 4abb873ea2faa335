package org.pgknobs.bisect;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.commons.statistics.descriptive.Mean;
import org.pgknobs.stats.NoiseFloor;
import org.pgknobs.stats.RatioInterval;
import org.pgknobs.stats.RatioResult;

/**
 * One candidate the bisection measured, as its path prints it.
 *
 * @param index      the candidate's place in the ordered list
 * @param label      the candidate (a release, a setting's value)
 * @param end        whether it is one of the two ends
 * @param probeClass what it behaves like
 * @param throughputs the throughputs of the runs that ran, in order
 * @param failure    the first failed run's reason, empty when every run ran
 * @param vsFirst    its ratio to the first end (Welch on logs), null for the first end itself or without runs
 * @param vsLast     its ratio to the last end, null for the last end itself or without runs
 * @param note       what the class rests on beyond the intervals (a fail's side, a probe between the ends), or ""
 */
public record Probe(int index, String label, boolean end, ProbeClass probeClass, List<Double> throughputs,
                    Optional<String> failure, RatioResult vsFirst, RatioResult vsLast, String note) {

    public Probe {
        throughputs = List.copyOf(throughputs);
    }

    /** Its runs: ran and failed. */
    public int runs() {
        return throughputs.size() + (failure.isPresent() ? 1 : 0);
    }

    /**
     * The line of the path, e.g. {@code 17.6: 4,120/s [3,980–4,270] (3 runs); ×0.99 [0.95–1.03] of 17.0, ×1.21
     * [1.16–1.27] of 17.12 → like 17.0}.
     */
    public String line(String first, String last) {
        StringBuilder sb = new StringBuilder(label).append(": ").append(value());
        // a ratio without an interval (one run a side, where one run decides: fails or runs) says nothing here
        List<String> ratios = new java.util.ArrayList<>();
        if (vsFirst instanceof RatioInterval) {
            ratios.add(ratio(vsFirst) + " of " + first);
        }
        if (vsLast instanceof RatioInterval) {
            ratios.add(ratio(vsLast) + " of " + last);
        }
        if (!ratios.isEmpty()) {
            sb.append("; ").append(String.join(", ", ratios));
        }
        sb.append(" → ").append(end && probeClass != ProbeClass.FAILS ? "end" : probeClass.label(first, last));
        if (!note.isEmpty()) {
            sb.append(" (").append(note).append(')');
        }
        return sb.toString();
    }

    /** The geometric mean of its runs with its 95 % t interval ({@link NoiseFloor}), or why there is none. */
    public String value() {
        // the first line: a reason's later lines (a log tail, PostgreSQL's context) are in the step's files
        String failed = failure.map(f -> "failed: " + f.lines().findFirst().orElse("")).orElse("");
        if (throughputs.isEmpty()) {
            return failed;
        }
        String runsNote = " (" + runs() + (runs() == 1 ? " run" : " runs") + (failed.isEmpty() ? "" : ", " + failed) + ")";
        if (throughputs.size() < 2) {
            return number(throughputs.get(0)) + "/s" + runsNote.replace(")", ": no interval)");
        }
        NoiseFloor floor = NoiseFloor.measure(throughputs.stream().mapToDouble(Double::doubleValue).toArray());
        double gm = Math.exp(logMean(throughputs.stream().mapToDouble(Double::doubleValue).toArray()));
        double h = 1 + floor.relativeHalfWidth();
        return number(gm) + "/s [" + number(gm / h) + "–" + number(gm * h) + "]" + runsNote;
    }

    /** The mean of the logs (ln of the geometric mean), the scale every interval here is built on; −∞ for none. */
    static double logMean(double[] xs) {
        return xs.length == 0 ? Double.NEGATIVE_INFINITY
                : Mean.of(java.util.Arrays.stream(xs).map(Math::log).toArray()).getAsDouble();
    }

    /** {@code ×0.99 [0.95–1.03]}, or the reason there is no interval. */
    static String ratio(RatioResult r) {
        if (r instanceof RatioInterval i) {
            return String.format(Locale.ROOT, "×%.3g [%.3g–%.3g]", i.ratio(), i.lower(), i.upper());
        }
        return "no interval (" + ((org.pgknobs.stats.NoInterval) r).reason() + ")";
    }

    static String number(double d) {
        return d >= 100 ? String.format(Locale.ROOT, "%,.0f", d)
                : String.format(Locale.ROOT, d >= 10 ? "%.1f" : "%.3g", d);
    }
}
