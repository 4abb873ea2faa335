package org.pgknobs.overlay;

import java.util.LinkedHashMap;
import java.util.Map;
import org.pgknobs.BadInputException;

/**
 * Whether max_connections leaves room for a workload: its terminals, plus pgknobs' own connections
 * (one stats collector, one admin), plus the slots PostgreSQL keeps back for superusers and for
 * roles with pg_use_reserved_connections. Autovacuum workers have their own slots and do not count.
 */
public final class ConnectionBudget {

    /** pgknobs' own connections while a workload runs: the stats collector and the admin session. */
    public static final int MONITORING = 2;

    /**
     * @param maxConnections the value to run with
     * @param raised         whether it was raised above the requested/current value
     * @param note           what was decided, for the user (empty when nothing changed)
     */
    public record Decision(int maxConnections, int required, boolean raised, String note) {
    }

    /** A settings map made to fit, and the decision behind it. */
    public record Fitted(Map<String, Object> settings, Decision decision) {
    }

    private ConnectionBudget() {
    }

    /**
     * Fits a settings map to {@code terminals}: the three connection settings are taken from the map
     * when given there, else from the server's current values in {@code catalog}. A raised max_connections
     * is added to (a copy of) the map.
     */
    public static Fitted fit(int terminals, Map<String, ?> settings, SettingsCatalog catalog) {
        boolean userSet = settings.keySet().stream().anyMatch(k -> k.equalsIgnoreCase("max_connections"));
        Decision d = fit(terminals, intValue("max_connections", settings, catalog),
                intValue("superuser_reserved_connections", settings, catalog),
                catalog.find("reserved_connections").isPresent() ? intValue("reserved_connections", settings, catalog) : 0,
                userSet);
        Map<String, Object> out = new LinkedHashMap<>(settings);
        if (d.raised()) {
            out.put("max_connections", d.maxConnections());
        }
        return new Fitted(out, d);
    }

    private static int intValue(String name, Map<String, ?> settings, SettingsCatalog catalog) {
        Setting meta = catalog.get(name);
        Object requested = settings.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                .map(Map.Entry::getValue).findFirst().orElse(null);
        if (requested == null) {
            return Integer.parseInt(meta.setting());
        }
        try {
            return SettingValue.parse(meta, requested).number().intValue();
        } catch (InvalidValueException e) {
            throw new BadInputException(e.getMessage());
        }
    }

    /**
     * @param userSetMax whether the user set max_connections explicitly (then it is never raised: error instead)
     */
    public static Decision fit(int terminals, int maxConnections, int superuserReserved, int reserved, boolean userSetMax) {
        if (terminals < 0) {
            throw new BadInputException("terminals must not be negative, got " + terminals);
        }
        int required = terminals + MONITORING + superuserReserved + reserved;
        if (required <= maxConnections) {
            return new Decision(maxConnections, required, false, "");
        }
        String breakdown = terminals + " terminals + " + MONITORING + " pgknobs connections (collector, admin) + "
                + superuserReserved + " superuser_reserved_connections + " + reserved + " reserved_connections = " + required;
        if (userSetMax) {
            throw new BadInputException("max_connections = " + maxConnections + " is too small for this workload: "
                    + breakdown + ". Raise max_connections to at least " + required + " or use fewer terminals.");
        }
        return new Decision(required, required, true,
                "raised max_connections from " + maxConnections + " to " + required + " (" + breakdown + ")");
    }
}
