package org.pgknobs.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.pgknobs.BadInputException;
import org.pgknobs.server.ManagedServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code pgknobs server start|stop|status}: one long-lived server under the work dir, for poking at by hand. */
@Command(name = "server", description = "Start, stop or query a persistent PostgreSQL (embedded or --pg-bin) under the work dir.",
        mixinStandardHelpOptions = true,
        subcommands = {ServerCommand.Start.class, ServerCommand.Stop.class, ServerCommand.Status.class})
public final class ServerCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    abstract static class Base implements Callable<Integer> {
        @Mixin
        ServerOptions options;

        @Spec
        CommandSpec spec;

        ServerFactory factory() {
            if (options.isExternal()) {
                throw new BadInputException("pgknobs server manages its own PostgreSQL; --server-url does not apply here");
            }
            return new ServerFactory(options);
        }

        Optional<ManagedServer> existing(ServerFactory f) {
            return ManagedServer.find(f.binaries(), f.runAs(), f.persistentInstanceDir());
        }

        void printConnection(ManagedServer server) {
            Path state = server.instanceDir().resolve("pgknobs-server.properties");
            spec.commandLine().getOut().printf("url: %s%nuser: %s%npassword: export PGPASSWORD=\"$(sed -n 's/^password=//p' %s)\"%n",
                    server.connection().jdbcUrl(), ManagedServer.SUPERUSER, state);
        }
    }

    @Command(name = "start", description = "Create (first time) and start the server; prints its JDBC URL.", mixinStandardHelpOptions = true)
    static final class Start extends Base {
        @Override
        public Integer call() {
            ServerFactory f = factory();
            Optional<ManagedServer> found = existing(f);
            ManagedServer server;
            if (found.isPresent() && found.get().isRunning()) {
                server = found.get();
                spec.commandLine().getOut().println("already running: " + server.describe());
            } else {
                server = found.orElseGet(() -> ManagedServer.create(f.binaries(), f.runAs(), f.persistentInstanceDir()));
                if (!server.isInitialized()) {
                    server.initdb(List.of());
                }
                server.start();
                spec.commandLine().getOut().println("started: " + server.describe());
            }
            printConnection(server);
            return Main.OK;
        }
    }

    @Command(name = "stop", description = "Stop the server (fast shutdown). Its data stays for the next start.", mixinStandardHelpOptions = true)
    static final class Stop extends Base {
        @Override
        public Integer call() {
            ServerFactory f = factory();
            Optional<ManagedServer> found = existing(f);
            if (found.isEmpty()) {
                spec.commandLine().getErr().println("pgknobs: no server in " + f.persistentInstanceDir());
                return Main.RUN_FAILED;
            }
            found.get().stop();
            spec.commandLine().getOut().println("stopped: " + found.get().instanceDir());
            return Main.OK;
        }
    }

    @Command(name = "status", description = "Say whether the server runs and where; exit 0 running, 1 not.", mixinStandardHelpOptions = true)
    static final class Status extends Base {
        @Override
        public Integer call() {
            ServerFactory f = factory();
            Optional<ManagedServer> found = existing(f);
            if (found.isEmpty() || !found.get().isRunning()) {
                spec.commandLine().getOut().println("not running" + found.map(s -> ": " + s.instanceDir())
                        .orElse(" (no server in " + f.persistentInstanceDir() + ")"));
                return Main.RUN_FAILED;
            }
            spec.commandLine().getOut().println("running: " + found.get().describe());
            printConnection(found.get());
            return Main.OK;
        }
    }
}
