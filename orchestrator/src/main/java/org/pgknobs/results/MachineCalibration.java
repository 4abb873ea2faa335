package org.pgknobs.results;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A result directory's {@code calibration.json}, the machine probe taken before the first step
 * ({@code org.pgknobs.calibration.CalibrationProbe}): {"probes":[{"name":"cpu","unit":"ms","values":[...],"median":...},
 * ...], "directory": ..., "loadAverage": ..., "seconds": ...}. The history reads the probes (name, unit, values,
 * median); the rest says where and under what load they were taken.
 *
 * @param probes      cpu (ms), fsync (ms), copy (MB/s), in that order
 * @param directory   the directory whose filesystem fsync and copy measured (the cluster's instance directory, or for
 *                    an external server the result directory)
 * @param loadAverage the 1-minute load average just before the probe (NaN where /proc/loadavg is missing)
 * @param seconds     how long the whole probe took
 */
public record MachineCalibration(List<Probe> probes, String directory, double loadAverage, double seconds) {

    public static final String FILE = "calibration.json";

    /**
     * One probe's repetitions.
     *
     * @param name   {@code cpu}, {@code fsync} or {@code copy}
     * @param unit   {@code ms} (lower is faster) or {@code MB/s} (higher is faster)
     * @param values the repetitions, in the order taken
     * @param median their median
     */
    public record Probe(String name, String unit, List<Double> values, double median) {

        public Probe {
            values = List.copyOf(values);
        }

        /** Whether a larger value means a faster machine (throughput) rather than a slower one (a time). */
        public boolean higherIsFaster() {
            return unit.endsWith("/s");
        }

        /** "cpu 212 ms (205–230)": the median with the range of the repetitions. */
        public String describe() {
            double min = values.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
            double max = values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
            return name + " " + figure(median) + " " + unit + " (" + figure(min) + "–" + figure(max) + ")";
        }

        private static String figure(double v) {
            return String.format(Locale.ROOT, v >= 100 ? "%.0f" : v >= 10 ? "%.1f" : v >= 1 ? "%.2f" : "%.3f", v);
        }
    }

    public Optional<Probe> probe(String name) {
        return probes.stream().filter(p -> p.name().equals(name)).findFirst();
    }

    /** "cpu 212 ms (205–230), fsync 1.10 ms (0.95–1.30), copy 412 MB/s (380–450); 5 repetitions each, load 0.4". */
    public String describe() {
        return String.join(", ", probes.stream().map(Probe::describe).toList()) + "; "
                + probes.stream().mapToInt(p -> p.values().size()).max().orElse(0) + " repetitions each, load "
                + (Double.isNaN(loadAverage) ? "unknown" : String.format(Locale.ROOT, "%.1f", loadAverage));
    }

    public void writeTo(Path resultDirectory) {
        JsonFiles.write(resultDirectory.resolve(FILE), this);
    }

    /** The calibration a result directory holds; empty for a run without one (older, or --no-calibration). */
    public static Optional<MachineCalibration> in(Path resultDirectory) {
        Path file = resultDirectory.resolve(FILE);
        return Files.isRegularFile(file) ? Optional.of(JsonFiles.read(file, MachineCalibration.class)) : Optional.empty();
    }
}
