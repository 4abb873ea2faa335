package org.pgknobs.sidebyside;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pgknobs.overlay.OverlayEngine;
import org.pgknobs.overlay.OverlayResult;
import org.pgknobs.results.AppliedSetting;
import org.pgknobs.server.ManagedServer;

/**
 * The settings of a side-by-side benchmark, applied as a suite's step applies them: preflight against
 * pg_settings, ALTER SYSTEM, a restart only when pg_settings says pending_restart, and verification. It
 * runs before anything is loaded, so an unknown name or a bad value costs a server start and no more.
 */
public final class BenchSettings {

    private BenchSettings() {
    }

    /**
     * @throws org.pgknobs.overlay.OverlayRejectedException bad input (exit 2): the server was not touched
     * @throws org.pgknobs.overlay.OverlayVerificationException a value is not in effect after the restart
     */
    public static OverlayResult apply(ManagedServer server, Map<String, ?> settings) {
        return new OverlayEngine(false).apply(server, settings);
    }

    /** PostgreSQL's own word on each setting, one JSON-able line: {"settings_verified": [...], "restarted"}. */
    public static Map<String, Object> line(OverlayResult result) {
        List<Map<String, Object>> each = result.settings().stream().map(BenchSettings::row).toList();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("settings_verified", each);
        m.put("restarted", result.restarted());
        return m;
    }

    private static Map<String, Object> row(AppliedSetting s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", s.name());
        m.put("requested", s.requested());
        m.put("pg_settings", s.effective());
        m.put("unit", s.unit());
        m.put("source", s.source());
        m.put("verified", s.verified());
        return m;
    }
}
