package org.pgknobs.overlay;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.pgknobs.BadInputException;
import org.pgknobs.results.AppliedSetting;
import org.pgknobs.server.ExternalServer;
import org.pgknobs.server.Server;

/**
 * Applies a complete settings map to a server: preflight, {@code ALTER SYSTEM RESET ALL}, one
 * {@code ALTER SYSTEM SET} per setting, reload, restart only when pg_settings shows pending_restart,
 * then verify that every requested value is in effect. Each apply starts from the server's defaults,
 * so one overlay never leaks into the next.
 */
public final class OverlayEngine {

    private final boolean allowAlterSystemOnExternal;
    /** Guards the ALTER SYSTEM statements, so {@link #cancel()} can wait for the one in flight. */
    private final Object statements = new Object();
    private volatile boolean cancelled;

    /** @param allowAlterSystemOnExternal the user's {@code --allow-alter-system}; managed servers are always ours to change */
    public OverlayEngine(boolean allowAlterSystemOnExternal) {
        this.allowAlterSystemOnExternal = allowAlterSystemOnExternal;
    }

    /** Refuses (bad input, nothing done) when the server is external and the user did not allow ALTER SYSTEM. */
    public void checkAllowed(Server server) {
        if (server instanceof ExternalServer && !allowAlterSystemOnExternal) {
            throw new BadInputException("refusing to change the configuration of " + server.describe()
                    + ": pgknobs runs ALTER SYSTEM on a server it does not own only with --allow-alter-system "
                    + "(it then records postgresql.auto.conf first and restores it at the end)");
        }
    }

    /**
     * Stops this engine for good (e.g. on Ctrl-C): waits for an ALTER SYSTEM in flight, after which no
     * further statement is sent, so a restore that follows is not overwritten by a late SET.
     */
    public void cancel() {
        cancelled = true;
        synchronized (statements) {
            // nothing: entering proves no statement is running, and the flag stops the next one
        }
    }

    private void checkNotCancelled() {
        if (cancelled) {
            throw new OverlayException("interrupted: the overlay was cancelled before it was complete");
        }
    }

    /** Only checks the map against the server; throws {@link OverlayRejectedException} listing every problem. */
    public SettingsCatalog preflight(Server server, Map<String, ?> settings) {
        try {
            SettingsCatalog catalog = AlterSystem.catalog(server);
            Preflight.require(catalog, settings, server.describe());
            List<Problem> restartProblems = restartWithoutCommand(server, catalog, settings);
            if (!restartProblems.isEmpty()) {
                throw new OverlayRejectedException("settings need a restart of " + server.describe(), restartProblems);
            }
            return catalog;
        } catch (SQLException e) {
            throw new OverlayException("cannot read pg_settings from " + server.describe() + ": " + e.getMessage(), e);
        }
    }

    /**
     * @param settings ordered name → value (YAML scalars: String, Integer, Long, Double, Boolean)
     * @throws OverlayRejectedException preflight failed; the server was not touched
     * @throws OverlayVerificationException a setting is not in effect after reload/restart
     * @throws OverlayException the server refused a statement or could not be reached
     */
    public OverlayResult apply(Server server, Map<String, ?> settings) {
        return apply(server, settings, false);
    }

    /**
     * @param proveStart restart even when nothing is pending: a trial start proves that the server starts
     *                   with the settings (reload-context ones such as ssl are checked by the postmaster only
     *                   when it starts); an external server without a restart command is only reloaded
     */
    public OverlayResult apply(Server server, Map<String, ?> settings, boolean proveStart) {
        long start = System.nanoTime();
        checkAllowed(server);
        SettingsCatalog catalog = preflight(server, settings);
        String step = "ALTER SYSTEM RESET ALL";
        try {
            try (Connection c = server.connection().connect()) {
                synchronized (statements) {
                    checkNotCancelled();
                    AlterSystem.resetAll(c);
                }
                for (Map.Entry<String, ?> e : settings.entrySet()) {
                    String name = catalog.get(e.getKey()).name();
                    step = "ALTER SYSTEM SET " + name + " = " + SettingValue.text(e.getValue());
                    synchronized (statements) {
                        checkNotCancelled();
                        AlterSystem.set(c, name, SettingValue.text(e.getValue()));
                    }
                }
            }
            step = "pg_reload_conf()";
            AlterSystem.reload(server);
            SettingsCatalog reloaded = AlterSystem.catalog(server);
            List<String> pending = reloaded.pendingRestart();
            SettingsCatalog effective = reloaded;
            boolean canRestart = !(server instanceof ExternalServer ext) || ext.restartCommand().isPresent();
            if (!pending.isEmpty() || proveStart && canRestart) {
                step = pending.isEmpty() ? "restart (trial start)" : "restart for " + String.join(", ", pending);
                server.restart();
                effective = AlterSystem.catalog(server);
            }
            OverlayResult result = verify(settings, effective, pending, !pending.isEmpty() || proveStart && canRestart,
                    Duration.ofNanos(System.nanoTime() - start));
            if (!result.allVerified()) {
                throw new OverlayVerificationException(result);
            }
            return result;
        } catch (SQLException e) {
            throw new OverlayException(step + " failed on " + server.describe() + ": " + e.getMessage(), e);
        }
    }

    /**
     * An external server without --restart-cmd cannot take a new postmaster-context value; find that out
     * before ALTER SYSTEM rather than leave it with a pending restart.
     */
    private static List<Problem> restartWithoutCommand(Server server, SettingsCatalog catalog, Map<String, ?> settings) {
        if (!(server instanceof ExternalServer ext) || ext.restartCommand().isPresent()) {
            return List.of();
        }
        List<Problem> problems = new ArrayList<>();
        for (Map.Entry<String, ?> e : settings.entrySet()) {
            Setting now = catalog.get(e.getKey());
            try {
                if (now.isRestartOnly() && !SettingValue.parse(now, e.getValue()).matches(SettingValue.effective(now))) {
                    problems.add(new Problem(now.name(), "takes effect only after a server restart (context postmaster), "
                            + "but no --restart-cmd was given for the external server; add e.g. "
                            + "--restart-cmd \"systemctl restart postgresql\""));
                }
            } catch (InvalidValueException ex) {
                // already reported by Preflight
            }
        }
        return problems;
    }

    private static OverlayResult verify(Map<String, ?> settings, SettingsCatalog effective, List<String> pending,
                                        boolean restarted, Duration took) {
        List<AppliedSetting> applied = new ArrayList<>();
        for (Map.Entry<String, ?> e : settings.entrySet()) {
            Setting now = effective.get(e.getKey());
            boolean verified;
            try {
                verified = SettingValue.parse(now, e.getValue()).matches(SettingValue.effective(now));
            } catch (InvalidValueException ex) {
                verified = false;
            }
            applied.add(new AppliedSetting(now.name(), SettingValue.text(e.getValue()), now.setting(), now.unit(),
                    now.context(), now.source(), verified, pending.contains(now.name())));
        }
        return new OverlayResult(applied, restarted, took);
    }
}
