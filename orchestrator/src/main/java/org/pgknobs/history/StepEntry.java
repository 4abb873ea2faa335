package org.pgknobs.history;

import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.pgknobs.report.EffectInterval;

/**
 * One finished step of a run as the history keeps it: its headline values per repeat and the report's figures.
 *
 * @param fingerprint SHA-256 of {@code settings} ({@link Fingerprint})
 * @param settings    setting → value as the report reads them for the step (pg_settings as the collector saw them,
 *                    overridden by what the step requested)
 * @param metric      the headline phase whose throughput the values are ("tpcc", "l.i1")
 * @param median      the median of the values (the report's Stat)
 * @param vsBase      the report's slowdown against the run's base with its 95 % interval; null for the base
 */
public record StepEntry(String step, int index, String fingerprint, SortedMap<String, String> settings, String metric,
                        Double median, EffectInterval vsBase, List<RepeatValue> values) {

    public StepEntry {
        settings = new TreeMap<>(settings);
        values = List.copyOf(values);
    }

    /** A step with these settings, its fingerprint computed. */
    static StepEntry of(String step, int index, Map<String, String> settings, String metric, Double median,
                        EffectInterval vsBase, List<RepeatValue> values) {
        return new StepEntry(step, index, Fingerprint.of(settings), new TreeMap<>(settings), metric, median, vsBase,
                values);
    }

    public List<Double> numbers() {
        return values.stream().map(RepeatValue::value).toList();
    }

    /**
     * One repeat's headline throughput.
     *
     * @param seconds its measured seconds; null when unknown
     * @param started when it started, ISO-8601; null when unknown
     */
    public record RepeatValue(int repeat, double value, Double seconds, String started) {
    }
}
