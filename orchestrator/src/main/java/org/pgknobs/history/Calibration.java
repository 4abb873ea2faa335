package org.pgknobs.history;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.pgknobs.json.Json;
import org.pgknobs.report.EffectInterval;

/**
 * A run's machine calibration as the history stored it (calibration.json: probes, each with its unit, repeated values
 * and median), and how two runs' calibrations compare: each probe's ratio with its 95 % interval from the two sides'
 * repetitions, by the report's interval ({@link EffectInterval#ratio}, Welch's t on logs).
 */
public record Calibration(Map<String, Probe> probes) {

    public static final Calibration NONE = new Calibration(Map.of());

    /** @param values the probe's repetitions; {@code median} their median as the probe wrote it */
    public record Probe(String name, String unit, List<Double> values, Double median) {
    }

    /** The calibration of a stored run; {@link #NONE} when it has none (a directory older than calibration). */
    public static Calibration parse(String json) {
        if (json == null || json.isBlank()) {
            return NONE;
        }
        try {
            JsonNode root = Json.tree(json);
            Map<String, Probe> probes = new LinkedHashMap<>();
            for (JsonNode p : root.path("probes")) {
                List<Double> values = new ArrayList<>();
                p.path("values").forEach(v -> values.add(v.asDouble()));
                JsonNode median = p.get("median");
                probes.put(p.path("name").asText(), new Probe(p.path("name").asText(), p.path("unit").asText(""),
                        values, median == null || median.isNull() ? null : median.asDouble()));
            }
            return new Calibration(probes);
        } catch (IOException e) {
            return NONE;
        }
    }

    public boolean present() {
        return !probes.isEmpty();
    }

    /** "cpu 12.3 ms, fsync 1.10 ms, copy 412 MB/s", or "none recorded". */
    public String describe() {
        if (!present()) {
            return "none recorded";
        }
        List<String> parts = new ArrayList<>();
        probes.values().forEach(p -> parts.add(p.name() + " " + (p.median() == null ? "?"
                : Figures.number(p.median())) + (p.unit().isEmpty() ? "" : " " + p.unit())));
        return String.join(", ", parts);
    }

    /**
     * Each probe this run shares with {@code earlier}: "cpu ×1.82 [1.61, 2.05]" (this ÷ earlier, with its interval
     * where both sides repeated the probe), or "" when either side has no calibration.
     */
    public String against(Calibration earlier) {
        return against(earlier, false);
    }

    /** As {@link #against(Calibration)}, only the probes whose interval excludes 1: the machine differed in them. */
    public String differing(Calibration earlier) {
        return against(earlier, true);
    }

    private String against(Calibration earlier, boolean onlyDiffering) {
        if (!present() || !earlier.present()) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        for (Probe p : probes.values()) {
            Probe e = earlier.probes().get(p.name());
            if (e == null || e.values().isEmpty() || p.values().isEmpty()) {
                continue;
            }
            EffectInterval r = EffectInterval.ratio("earlier", e.values(), p.values());
            if (onlyDiffering && (!r.present() || r.ratio() == null || r.containsOne())) {
                continue;
            }
            parts.add(p.name() + " " + (r.present() && r.ratio() != null
                    ? String.format(Locale.ROOT, "×%.2f [%.2f, %.2f]", r.ratio(), r.lower(), r.upper())
                    : e.median() != null && p.median() != null && e.median() > 0
                    ? String.format(Locale.ROOT, "×%.2f (no interval)", p.median() / e.median()) : "?"));
        }
        return String.join(", ", parts);
    }
}
