package org.pgknobs.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;
import org.pgknobs.results.AppliedSetting;

/**
 * The settings whose effective values differ between a step and the step it is compared with, from both
 * settings.json files (what each step set, as pg_settings showed it) and, for a setting only one of them set,
 * the other's pg_settings value as the collector recorded it. Without settings.json on either side nothing is
 * known to have changed.
 */
final class ChangedSettings {

    private ChangedSettings() {
    }

    /** Name → the step's value as the user wrote it (or as pg_settings showed it, when the step did not set it). */
    static Map<String, String> between(StepRun step, StepRun compared) {
        Optional<List<AppliedSetting>> a = step.captures().settings();
        Optional<List<AppliedSetting>> b = compared.captures().settings();
        if (a.isEmpty() || b.isEmpty()) {
            return Map.of();
        }
        Map<String, AppliedSetting> sa = byName(a.get());
        Map<String, AppliedSetting> sb = byName(b.get());
        TreeSet<String> names = new TreeSet<>(sa.keySet());
        names.addAll(sb.keySet());
        Map<String, String> out = new LinkedHashMap<>();
        for (String name : names) {
            String va = effective(sa.get(name), step.settings().get(name));
            String vb = effective(sb.get(name), compared.settings().get(name));
            if (!Objects.equals(va, vb)) {
                AppliedSetting s = sa.get(name);
                out.put(name, s != null && s.requested() != null ? s.requested() : String.valueOf(va));
            }
        }
        return out;
    }

    private static Map<String, AppliedSetting> byName(List<AppliedSetting> list) {
        Map<String, AppliedSetting> out = new LinkedHashMap<>();
        list.forEach(s -> out.put(s.name(), s));
        return out;
    }

    /** pg_settings' "setting unit", the form the collector records for a setting the step did not set. */
    private static String effective(AppliedSetting s, String pgSettings) {
        return s == null ? pgSettings : s.effective() + (s.unit() == null ? "" : " " + s.unit());
    }
}
