package org.pgknobs.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import org.pgknobs.overlay.AutoConfState;
import org.pgknobs.overlay.OverlayEngine;
import org.pgknobs.overlay.OverlayException;
import org.pgknobs.overlay.OverlayRejectedException;
import org.pgknobs.overlay.OverlayResult;
import org.pgknobs.overlay.OverlayVerificationException;
import org.pgknobs.overlay.SettingsFile;
import org.pgknobs.overlay.SettingsReport;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.server.Server;
import org.pgknobs.server.ThrowawayServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code pgknobs apply --settings FILE.yaml}: preflight, apply and verify one settings map. Without
 * server options it uses a throwaway embedded server; with --server-url it changes that server only
 * with --allow-alter-system and puts its postgresql.auto.conf back afterwards, also on failure or Ctrl-C.
 */
@Command(name = "apply", mixinStandardHelpOptions = true,
        description = "Apply a settings file (flat YAML map name: value) with ALTER SYSTEM, restart only if needed, "
                + "verify every value in pg_settings and print one line per setting. Exit 0 ok, 1 failed, 2 bad input.")
public final class ApplyCommand implements Callable<Integer> {

    @Option(names = "--settings", required = true, paramLabel = "FILE.yaml", description = "The settings to apply.")
    Path settings;

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the result as JSON (settings.json format).")
    Path json;

    @Mixin
    ServerOptions serverOptions;

    @Mixin
    AllowOptions allowOptions;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        SettingsFile file = SettingsFile.load(settings);
        allowOptions.require(file.settings(), file::where, spec.commandLine().getOut());
        ServerFactory factory = new ServerFactory(serverOptions);
        OverlayEngine engine = new OverlayEngine(serverOptions.allowAlterSystem());
        return serverOptions.isExternal() ? onExternal(factory.external(), engine, file)
                : onThrowaway(factory, engine, file);
    }

    private int onThrowaway(ServerFactory factory, OverlayEngine engine, SettingsFile file) {
        ThrowawayServer throwaway = factory.startThrowaway("apply");
        ManagedServer server = throwaway.server();
        Runnable cleanup = once(throwaway::close);
        Thread hook = new Thread(cleanup, "pgknobs-apply-cleanup");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            return applyAndPrint(server, engine, file);
        } finally {
            cleanup.run();
            removeHook(hook);
        }
    }

    private int onExternal(Server server, OverlayEngine engine, SettingsFile file) {
        engine.checkAllowed(server);
        AutoConfState before = AutoConfState.capture(server);
        PrintWriter err = spec.commandLine().getErr();
        Runnable restore = once(() -> {
            boolean restarted = before.restore(server);
            err.println("restored postgresql.auto.conf of " + server.describe() + " (" + before.entries().size()
                    + " entries" + (restarted ? ", restarted" : "") + ")");
            err.flush();
        });
        Thread hook = new Thread(() -> {
            engine.cancel();
            restore.run();
        }, "pgknobs-apply-restore");
        Runtime.getRuntime().addShutdownHook(hook);
        int code;
        try {
            code = applyAndPrint(server, engine, file);
        } finally {
            try {
                restore.run();
            } catch (RuntimeException e) {
                // Say so loudly but do not hide why the apply itself failed, if it did.
                err.println("pgknobs: could not restore postgresql.auto.conf of " + server.describe() + ": " + e.getMessage()
                        + "\n  it held: " + before.entries());
                err.flush();
                code = Main.RUN_FAILED;
            }
            removeHook(hook);
        }
        return code;
    }

    private int applyAndPrint(Server server, OverlayEngine engine, SettingsFile file) {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        out.println("applying " + file.settings().size() + " settings from " + file.path() + " to " + server.describe());
        out.flush();
        try {
            OverlayResult result = engine.apply(server, file.settings());
            out.print(SettingsReport.table(result));
            if (json != null) {
                SettingsReport.writeJson(result, json);
            }
            return Main.OK;
        } catch (OverlayRejectedException e) {
            throw file.located(e);
        } catch (OverlayVerificationException e) {
            out.print(SettingsReport.table(e.result()));
            if (json != null) {
                SettingsReport.writeJson(e.result(), json);
            }
            err.println("pgknobs: " + e.getMessage());
            return Main.RUN_FAILED;
        } catch (OverlayException e) {
            err.println("pgknobs: " + e.getMessage());
            server.logTail(20).forEach(l -> err.println("    " + l));
            return Main.RUN_FAILED;
        } finally {
            // picocli's writers do not autoflush on print(); main() calls System.exit right after.
            out.flush();
            err.flush();
        }
    }

    /** Cleanup runs from the finally block or the shutdown hook (Ctrl-C), whichever comes first, never twice. */
    private static Runnable once(Runnable r) {
        AtomicBoolean done = new AtomicBoolean();
        return () -> {
            if (done.compareAndSet(false, true)) {
                r.run();
            }
        };
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the JVM is exiting; the hook is already running or done
        }
    }
}
