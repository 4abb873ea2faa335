package org.pgknobs.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.pgknobs.BadInputException;
import picocli.CommandLine.Option;

/**
 * Which PostgreSQL to use: the embedded build (default), a local install ({@code --pg-bin}), or an
 * external server ({@code --server-url}). Passwords are never options: an external server's comes
 * from PGPASSWORD or ~/.pgpass, so it does not show in ps or shell history.
 */
public final class ServerOptions {

    private static final Pattern MAJOR_DIR = Pattern.compile("(\\d{1,2})=(.+)");

    @Option(names = "--pg-bin", paramLabel = "[MAJOR=]DIR",
            description = "PostgreSQL bin directory (initdb, pg_ctl, postgres) to use instead of the embedded build, "
                    + "e.g. /usr/lib/postgresql/17/bin or a build with lz4/zstd/liburing; MAJOR=DIR gives the build of "
                    + "one version for server.versions / --pg-versions (repeat it: --pg-bin 17=/usr/lib/postgresql/17/bin).")
    List<String> pgBins = new ArrayList<>();

    /** The plain {@code --pg-bin DIR}, if given (at most one). */
    Path pgBin;

    /** {@code --pg-bin MAJOR=DIR} entries. */
    final Map<Integer, Path> pgBinByMajor = new TreeMap<>();

    @Option(names = "--cache-dir", paramLabel = "DIR",
            description = "Where the embedded binaries are unpacked (default: ~/.cache/pgknobs, as root /var/cache/pgknobs).")
    Path cacheDir;

    @Option(names = "--maven-settings", paramLabel = "FILE",
            description = "Maven settings for fetching PostgreSQL releases that are not bundled (mirrors, proxies, "
                    + "localRepository, offline; default: ~/.m2/settings.xml, then $MAVEN_HOME/conf/settings.xml).")
    Path mavenSettings;

    @Option(names = "--work-dir", paramLabel = "DIR",
            description = "Where server instance directories live (default: $PGKNOBS_WORK_DIR, else /var/tmp/pgknobs as root, "
                    + "else $TMPDIR/pgknobs-$USER).")
    Path workDir;

    @Option(names = "--os-user", paramLabel = "NAME",
            description = "OS user to run PostgreSQL as when pgknobs runs as root (default: postgres).")
    String osUser;

    @Option(names = "--server-url", paramLabel = "JDBC",
            description = "An external server, e.g. jdbc:postgresql://db1:5432/postgres (password from PGPASSWORD or ~/.pgpass).")
    String serverUrl;

    @Option(names = "--db-user", paramLabel = "NAME", defaultValue = "postgres",
            description = "Database user for --server-url (default: ${DEFAULT-VALUE}); needs superuser for ALTER SYSTEM.")
    String dbUser;

    @Option(names = "--restart-cmd", paramLabel = "CMD",
            description = "Shell command that restarts the external server, e.g. \"systemctl restart postgresql\".")
    String restartCmd;

    @Option(names = "--allow-alter-system",
            description = "Allow ALTER SYSTEM on the external server; its postgresql.auto.conf is recorded first and restored at the end.")
    boolean allowAlterSystem;

    public boolean isExternal() {
        return serverUrl != null;
    }

    private void splitPgBins() {
        pgBin = null;
        pgBinByMajor.clear();
        for (String entry : pgBins) {
            Matcher m = MAJOR_DIR.matcher(entry);
            if (m.matches()) {
                Path previous = pgBinByMajor.put(Integer.parseInt(m.group(1)), Path.of(m.group(2)));
                if (previous != null) {
                    throw new BadInputException("--pg-bin " + m.group(1) + "= is given twice (" + previous + " and "
                            + m.group(2) + "); give one directory per major");
                }
            } else if (pgBin != null) {
                throw new BadInputException("--pg-bin " + pgBin + " and --pg-bin " + entry + ": only one plain DIR; "
                        + "for several versions name each one's major, e.g. --pg-bin 16=/usr/lib/postgresql/16/bin");
            } else {
                pgBin = Path.of(entry);
            }
        }
    }

    public boolean allowAlterSystem() {
        return allowAlterSystem;
    }

    /** Rejects combinations that cannot mean anything, before anything starts. */
    public void validate() {
        splitPgBins();
        if (isExternal() && !pgBins.isEmpty()) {
            throw new BadInputException("--server-url and --pg-bin exclude each other: an external server runs its own binaries");
        }
        if (!isExternal() && restartCmd != null) {
            throw new BadInputException("--restart-cmd only applies to an external server; add --server-url");
        }
        if (!isExternal() && allowAlterSystem) {
            throw new BadInputException("--allow-alter-system only applies to an external server (--server-url); "
                    + "servers pgknobs starts itself are always its to change");
        }
    }
}
