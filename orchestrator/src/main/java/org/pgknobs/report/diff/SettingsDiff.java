package org.pgknobs.report.diff;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import org.pgknobs.collector.PgStats;
import org.pgknobs.results.AppliedSetting;
import org.pgknobs.report.StepRun;

/**
 * The settings whose effective values differ, from each step's settings.json (what the step set, as
 * pg_settings showed it) and, for a setting only one step set, the other's pg_settings value as the
 * collector recorded it in pgstats.json.
 */
final class SettingsDiff implements DiffSection {

    @Override
    public String title() {
        return "settings";
    }

    @Override
    public List<String> lines(StepRun a, StepRun b) {
        Map<String, AppliedSetting> sa = settings(a);
        Map<String, AppliedSetting> sb = settings(b);
        if (sa == null && sb == null) {
            return List.of();
        }
        if (sa == null || sb == null) {
            return List.of("settings.json only in " + (sa == null ? b : a).dir() + ": nothing to compare with");
        }
        Map<String, String> ea = environment(a);
        Map<String, String> eb = environment(b);
        List<String> out = new ArrayList<>();
        for (String name : new TreeSet<>(concat(sa.keySet(), sb.keySet()))) {
            AppliedSetting x = sa.get(name);
            AppliedSetting y = sb.get(name);
            String va = effective(x, ea.get(name));
            String vb = effective(y, eb.get(name));
            if (!Objects.equals(va, vb)) {
                out.add(name + ": " + shown(x, ea.get(name)) + " → " + shown(y, eb.get(name)));
            }
        }
        return out.isEmpty() ? List.of("the same settings") : out;
    }

    private static List<String> concat(java.util.Set<String> x, java.util.Set<String> y) {
        List<String> all = new ArrayList<>(x);
        all.addAll(y);
        return all;
    }

    /** The value to compare: pg_settings' as "setting unit", the same form the collector records. */
    private static String effective(AppliedSetting s, String pgSettings) {
        if (s == null) {
            return pgSettings;
        }
        return s.effective() + (s.unit() == null ? "" : " " + s.unit());
    }

    private static String shown(AppliedSetting s, String pgSettings) {
        if (s != null) {
            return s.requested() != null ? s.requested() : effective(s, null);
        }
        return pgSettings == null ? "(not set)" : "(not set; " + pgSettings + ")";
    }

    private static Map<String, AppliedSetting> settings(StepRun step) {
        if (step.captures().settings().isEmpty()) {
            return null;
        }
        Map<String, AppliedSetting> out = new LinkedHashMap<>();
        step.captures().settings().get().forEach(s -> out.put(s.name(), s));
        return out;
    }

    private static Map<String, String> environment(StepRun step) {
        PgStats stats = step.stats();
        return stats == null || stats.environment() == null || stats.environment().settings() == null ? Map.of()
                : stats.environment().settings();
    }
}
