package org.pgknobs.calibration;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.pgknobs.results.MachineCalibration;
import org.pgknobs.results.MachineCalibration.Probe;
import org.pgknobs.stats.NoInterval;
import org.pgknobs.stats.RatioInterval;
import org.pgknobs.stats.RatioResult;
import org.pgknobs.stats.WelchLogRatio;

/**
 * Whether the machine of one run differed from another's, probe by probe. Each probe's speed ratio (this run ÷ the
 * other; a time probe inverted, so ×0.55 always reads "55 % of the other machine's speed") gets the 95 % Welch
 * interval on the logs of the two sides' repetitions ({@link WelchLogRatio}). The probe differs only when that whole
 * interval lies outside the probe's noise tolerance, [1/(1+t), 1+t]: an interval that excludes 1 but stays inside
 * the band is the machine's ordinary drift between two probes (81 of 190 pairs of one machine's cpu probes excluded
 * 1), which docs/statistics.md measured and from which the tolerances below come.
 *
 * @param probes the probes both calibrations hold, in this run's order
 */
public record CalibrationComparison(List<ProbeComparison> probes) {

    /**
     * Relative tolerance per probe: the smallest t at which at most 1 of the 19 consecutive pairs among 20 back-to-back
     * probes differs, in each of three batches on this project's shared 2-core machine (2026-12-04, load 12.5-13.4,
     * 7.9-9.1 and 2.0-3.1 from other builds; docs/statistics.md, "Machine calibration", has the figures). Pairs further apart
     * differ more often because the neighbours' load changes, which is the machine differing, not the probe's noise.
     * On a quiet machine the probes vary far less and these tolerances are wide: measure and narrow them there.
     */
    public static final Map<String, Double> TOLERANCE = Map.of("cpu", 0.5, "fsync", 3.0, "copy", 0.3);

    /**
     * One probe's comparison.
     *
     * @param speed     this run's speed ÷ the other's, with its interval (or why none)
     * @param tolerance the probe's noise tolerance t
     * @param differs   the interval lies wholly outside [1/(1+t), 1+t]
     */
    public record ProbeComparison(String name, RatioResult speed, double tolerance, boolean differs) {

        String describe() {
            if (speed instanceof RatioInterval r) {
                return name + String.format(Locale.ROOT, " ×%.2f [%.2f, %.2f]", r.ratio(), r.lower(), r.upper());
            }
            return name + " (" + ((NoInterval) speed).reason() + ")";
        }
    }

    /** This run ({@code current}) against an earlier or other one ({@code other}). */
    public static CalibrationComparison of(MachineCalibration current, MachineCalibration other) {
        List<ProbeComparison> out = new ArrayList<>();
        for (Probe mine : current.probes()) {
            other.probe(mine.name()).ifPresent(theirs -> out.add(compare(mine, theirs)));
        }
        return new CalibrationComparison(out);
    }

    private static ProbeComparison compare(Probe mine, Probe theirs) {
        double[] a = values(mine);
        double[] b = values(theirs);
        RatioResult speed = mine.higherIsFaster() ? WelchLogRatio.estimate(b, a) : WelchLogRatio.estimate(a, b);
        double t = TOLERANCE.getOrDefault(mine.name(), 0.5);
        boolean differs = speed instanceof RatioInterval r && (r.upper() < 1 / (1 + t) || r.lower() > 1 + t);
        return new ProbeComparison(mine.name(), speed, t, differs);
    }

    private static double[] values(Probe p) {
        return p.values().stream().mapToDouble(Double::doubleValue).filter(v -> v > 0).toArray();
    }

    /** Whether any probe differed beyond its tolerance. */
    public boolean differs() {
        return probes.stream().anyMatch(ProbeComparison::differs);
    }

    /**
     * "machine differed: cpu ×0.55 [0.52, 0.58]; within noise: fsync ×1.02 [0.90, 1.15], copy ×0.98 [0.95, 1.01]",
     * or "machine within noise: ..." when no probe differed.
     */
    public String describe() {
        List<String> differing = differingProbes();
        List<String> same = probes.stream().filter(p -> !p.differs()).map(ProbeComparison::describe).toList();
        if (differing.isEmpty()) {
            return "machine within noise: " + String.join(", ", same);
        }
        return "machine differed: " + String.join(", ", differing)
                + (same.isEmpty() ? "" : "; within noise: " + String.join(", ", same));
    }

    /** Only the probes that differed beyond their tolerance, "cpu ×0.55 [0.52, 0.58]", or "" when none did. */
    public String differing() {
        return String.join(", ", differingProbes());
    }

    private List<String> differingProbes() {
        return probes.stream().filter(ProbeComparison::differs).map(ProbeComparison::describe).toList();
    }
}
