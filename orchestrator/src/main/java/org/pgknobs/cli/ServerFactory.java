package org.pgknobs.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.pgknobs.BadInputException;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.server.EmbeddedBinaries;
import org.pgknobs.server.ExternalServer;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.server.PgBinaries;
import org.pgknobs.server.RunAs;
import org.pgknobs.server.Server;
import org.pgknobs.server.Workspace;

/** Builds the server the {@link ServerOptions} describe. */
public final class ServerFactory {

    private final ServerOptions options;

    public ServerFactory(ServerOptions options) {
        options.validate();
        this.options = options;
    }

    public RunAs runAs() {
        return RunAs.forCurrentProcess(options.osUser);
    }

    public PgBinaries binaries() {
        if (options.pgBin != null) {
            try {
                return PgBinaries.at(options.pgBin, "PostgreSQL in " + options.pgBin);
            } catch (IllegalArgumentException e) {
                throw new BadInputException(e.getMessage(), e);
            }
        }
        Path cache = options.cacheDir != null ? options.cacheDir : EmbeddedBinaries.defaultCacheDir();
        return EmbeddedBinaries.ensure(cache, runAs());
    }

    public Path workDir() {
        return (options.workDir != null ? options.workDir : Workspace.defaultWorkDir()).toAbsolutePath();
    }

    /** The persistent instance of {@code pgknobs server start|stop|status}. */
    public Path persistentInstanceDir() {
        return workDir().resolve("server");
    }

    /** A fresh cluster with default initdb options, started; the caller disposes of it. */
    public ManagedServer startThrowaway(String label) {
        ManagedServer server = ManagedServer.create(binaries(), runAs(), Workspace.newInstanceDir(workDir(), label));
        try {
            server.initdb(List.of());
            server.start();
            return server;
        } catch (RuntimeException e) {
            dispose(server);
            throw e;
        }
    }

    public static void dispose(ManagedServer server) {
        try {
            server.stop();
        } finally {
            Workspace.delete(server.instanceDir());
        }
    }

    /**
     * The --server-url server; its password comes from PGPASSWORD, else pgjdbc reads ~/.pgpass, else (on a
     * terminal, with no ~/.pgpass) a prompt that does not echo.
     */
    public Server external() {
        Properties parsed = org.postgresql.Driver.parseURL(options.serverUrl, new Properties());
        if (parsed == null || !options.serverUrl.startsWith("jdbc:postgresql:")) {
            throw new BadInputException("--server-url " + options.serverUrl
                    + " is not a PostgreSQL JDBC URL; expected e.g. jdbc:postgresql://db1:5432/postgres");
        }
        String host = parsed.getProperty("PGHOST", "localhost").split(",")[0];
        int port = Integer.parseInt(parsed.getProperty("PGPORT", "5432").split(",")[0]);
        String db = parsed.getProperty("PGDBNAME", "postgres");
        String user = parsed.getProperty("user", options.dbUser);
        String password = System.getenv("PGPASSWORD");
        if (password == null && System.console() != null
                && !java.nio.file.Files.exists(java.nio.file.Path.of(System.getProperty("user.home"), ".pgpass"))) {
            char[] typed = System.console().readPassword("password for %s at %s:%d: ", user, host, port);
            password = typed == null || typed.length == 0 ? null : new String(typed);
        }
        ConnectionInfo info = new ConnectionInfo(host, port, db, user, password);
        return new ExternalServer(info, Optional.ofNullable(options.restartCmd), Server.DEFAULT_TIMEOUT);
    }
}
