package org.pgknobs.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.pgknobs.BadInputException;
import org.pgknobs.experiment.PgRelease;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.server.EmbeddedBinaries;
import org.pgknobs.server.ExternalServer;
import org.pgknobs.server.MavenSetup;
import org.pgknobs.server.PgBinaries;
import org.pgknobs.server.RunAs;
import org.pgknobs.server.Server;
import org.pgknobs.server.ThrowawayServer;
import org.pgknobs.server.Workspace;
import org.pgknobs.server.ZonkyRepository;

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
            return local(options.pgBin);
        }
        Path cache = options.cacheDir != null ? options.cacheDir : EmbeddedBinaries.defaultCacheDir();
        return EmbeddedBinaries.ensure(cache, runAs());
    }

    /**
     * The build of one version for server.versions / --pg-versions: for a major alone {@code --pg-bin MAJOR=DIR},
     * else a plain {@code --pg-bin DIR} of that major, else the build pgknobs pins for it; for a release X.Y zonky's
     * build of it ({@link Releases}: bundled, or fetched once into the cache).
     */
    public PgBinaries binariesFor(PgRelease version) {
        if (version.isMajorOnly()) {
            Path dir = options.pgBinByMajor.get(version.major());
            if (dir != null) {
                return given(version.major(), dir);
            }
            if (options.pgBin != null && majorOf(local(options.pgBin)) == version.major()) {
                return local(options.pgBin);
            }
        }
        return releases().binaries(version);
    }

    /** Releases by number, fetched with the user's Maven settings (--maven-settings) into the binaries cache. */
    public Releases releases() {
        Path cache = options.cacheDir != null ? options.cacheDir : EmbeddedBinaries.defaultCacheDir();
        Path settings = options.mavenSettings != null ? options.mavenSettings : MavenSetup.defaultUserSettings();
        if (options.mavenSettings != null && !Files.isRegularFile(settings)) {
            throw new BadInputException("--maven-settings " + settings + ": no such file");
        }
        return new Releases(cache, runAs(), new ZonkyRepository(MavenSetup.read(settings)), System.err::println);
    }

    /** The embedded default build, whatever --pg-bin says: its settings tell a typo from a newer setting. */
    public PgBinaries embeddedDefault() {
        Path cache = options.cacheDir != null ? options.cacheDir : EmbeddedBinaries.defaultCacheDir();
        return EmbeddedBinaries.ensure(cache, runAs());
    }

    /**
     * Before anything starts: every version has a build (a release not at hand is fetched now, or the run stops
     * with exit 2), and no --pg-bin MAJOR=DIR names a major not run.
     */
    public void checkBuilds(List<PgRelease> versions) {
        List<Integer> majors = versions.stream().filter(PgRelease::isMajorOnly).map(PgRelease::major).toList();
        for (Integer given : options.pgBinByMajor.keySet()) {
            if (!majors.contains(given)) {
                throw new BadInputException("--pg-bin " + given + "=... names a version this run does not use (versions: "
                        + versions + "); add it to --pg-versions or drop the option");
            }
        }
        options.pgBinByMajor.forEach(ServerFactory::given);
        Releases releases = null;
        for (PgRelease version : versions) {
            boolean local = version.isMajorOnly() && (options.pgBinByMajor.containsKey(version.major())
                    || options.pgBin != null && majorOf(local(options.pgBin)) == version.major());
            if (!local) {
                releases = releases != null ? releases : releases();
                releases.check(version);
            }
        }
    }

    /** A --pg-bin MAJOR=DIR directory, checked to hold initdb, pg_ctl and postgres of that major. */
    private static PgBinaries given(int major, Path dir) {
        PgBinaries given = local(dir);
        int actual = majorOf(given);
        if (actual != major) {
            throw new BadInputException("--pg-bin " + major + "=" + dir + " holds PostgreSQL " + actual
                    + ", not " + major + "; give the bin directory of " + major + " (e.g. /usr/lib/postgresql/"
                    + major + "/bin)");
        }
        return given;
    }

    private static PgBinaries local(Path dir) {
        try {
            return PgBinaries.at(dir, "PostgreSQL in " + dir);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(e.getMessage(), e);
        }
    }

    /** 17 from "postgres (PostgreSQL) 17.6 (Debian 17.6-1)". */
    static int majorOf(PgBinaries binaries) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\(PostgreSQL\\) (\\d+)").matcher(binaries.versionString());
        if (!m.find()) {
            throw new BadInputException(binaries.binDir() + ": cannot tell its PostgreSQL version from `postgres --version`");
        }
        return Integer.parseInt(m.group(1));
    }

    public Path workDir() {
        return (options.workDir != null ? options.workDir : Workspace.defaultWorkDir()).toAbsolutePath();
    }

    /** The persistent instance of {@code pgknobs server start|stop|status}. */
    public Path persistentInstanceDir() {
        return workDir().resolve("server");
    }

    /** A fresh cluster with default initdb options, started; the caller closes it. */
    public ThrowawayServer startThrowaway(String label) {
        return ThrowawayServer.start(binaries(), runAs(), workDir(), label, List.of());
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
