package org.pgknobs.overlay;

import java.sql.Array;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.commons.text.similarity.LevenshteinDistance;

/** A snapshot of {@code pg_settings}, keyed by lower-case name (PostgreSQL parameter names are case-insensitive). */
public final class SettingsCatalog {

    private final Map<String, Setting> byName;

    public SettingsCatalog(Collection<Setting> settings) {
        Map<String, Setting> map = new LinkedHashMap<>();
        for (Setting s : settings) {
            map.put(s.name().toLowerCase(Locale.ROOT), s);
        }
        this.byName = Map.copyOf(map);
    }

    public static SettingsCatalog read(Connection c) throws SQLException {
        String sql = "SELECT name, setting, unit, vartype, context, enumvals, min_val, max_val, pending_restart, source "
                + "FROM pg_settings ORDER BY name";
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            List<Setting> rows = new ArrayList<>();
            while (rs.next()) {
                Array enums = rs.getArray("enumvals");
                List<String> enumvals = enums == null ? List.of() : Arrays.asList((String[]) enums.getArray());
                rows.add(new Setting(rs.getString("name"), rs.getString("setting"), rs.getString("unit"),
                        rs.getString("vartype"), rs.getString("context"), enumvals, rs.getString("min_val"),
                        rs.getString("max_val"), rs.getBoolean("pending_restart"), rs.getString("source")));
            }
            return new SettingsCatalog(rows);
        }
    }

    public Optional<Setting> find(String name) {
        return Optional.ofNullable(byName.get(name.toLowerCase(Locale.ROOT)));
    }

    public Setting get(String name) {
        return find(name).orElseThrow(() -> new IllegalArgumentException("no parameter " + name + " in pg_settings"));
    }

    public Collection<Setting> all() {
        return byName.values();
    }

    /** Names whose change waits for a restart (pg_settings.pending_restart). */
    public List<String> pendingRestart() {
        return byName.values().stream().filter(Setting::pendingRestart).map(Setting::name).sorted().toList();
    }

    /** The real parameter name nearest to a misspelt one (edit distance), if any is reasonably close. */
    public Optional<String> closest(String name) {
        LevenshteinDistance distance = LevenshteinDistance.getDefaultInstance();
        String lower = name.toLowerCase(Locale.ROOT);
        return byName.keySet().stream()
                .min(Comparator.<String>comparingInt(n -> distance.apply(lower, n)).thenComparing(n -> n))
                .filter(n -> distance.apply(lower, n) <= Math.max(3, lower.length() / 3));
    }
}
