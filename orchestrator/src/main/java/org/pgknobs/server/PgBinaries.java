package org.pgknobs.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.pgknobs.process.CommandResult;
import org.pgknobs.process.CommandRunner;

/** A directory holding initdb, pg_ctl and postgres: the embedded build, or a local install given with --pg-bin. */
public record PgBinaries(Path binDir, String origin) {

    private static final List<String> REQUIRED = List.of("initdb", "pg_ctl", "postgres");
    /** Identities by executable file, as {@link #identity} tells files apart. */
    private static final Map<List<Object>, String> IDENTITIES = new ConcurrentHashMap<>();

    /** Checks the directory, so a typo in --pg-bin is reported before anything starts. */
    public static PgBinaries at(Path binDir, String origin) {
        for (String tool : REQUIRED) {
            if (!Files.isExecutable(binDir.resolve(tool))) {
                throw new IllegalArgumentException(binDir + " has no executable " + tool
                        + ": --pg-bin must name a PostgreSQL bin directory holding initdb, pg_ctl and postgres "
                        + "(e.g. /usr/lib/postgresql/16/bin)");
            }
        }
        return new PgBinaries(binDir.toAbsolutePath().normalize(), origin);
    }

    public String initdb() {
        return binDir.resolve("initdb").toString();
    }

    public String pgCtl() {
        return binDir.resolve("pg_ctl").toString();
    }

    public String postgres() {
        return binDir.resolve("postgres").toString();
    }

    /**
     * The names of the settings this build has, from {@code postgres --describe-config} (no server, no
     * data directory needed). It leaves out a few developer settings, so a name absent here is only
     * "missing" when another build has it.
     */
    public java.util.Set<String> settingNames() {
        CommandResult r = CommandRunner.run(List.of(postgres(), "--describe-config"), Duration.ofSeconds(30));
        if (!r.succeeded()) {
            throw new ServerException(postgres() + " --describe-config failed (exit " + r.exitCode() + ")", r.lastLines(10));
        }
        return r.output().lines().filter(l -> !l.isBlank()).map(l -> l.split("\t", 2)[0].toLowerCase(java.util.Locale.ROOT))
                .collect(java.util.stream.Collectors.toUnmodifiableSet());
    }

    /** SHA-256 of the postgres executable: the build's identity beyond its version line (two 18.6 builds differ). */
    public String postgresSha256() {
        try (java.io.InputStream in = Files.newInputStream(Path.of(postgres()))) {
            java.security.MessageDigest md = java.security.MessageDigest.getInstance("SHA-256");
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) {
                md.update(buf, 0, n);
            }
            return java.util.HexFormat.of().formatHex(md.digest());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot read " + postgres() + ": " + e.getMessage(), e);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }

    /**
     * The build, for cache keys: its {@code postgres --version} line and the SHA-256 of its postgres executable.
     * Worked out once per executable file in this JVM (the same path, size, modification time and inode): every
     * initdb template and load-cache lookup asks, and each answer costs a process start and a hash of the ~9 MB
     * executable, a visible share of a short run's Java CPU (docs/benchmarks.md, "Small costs the code avoids").
     */
    public String identity() {
        return IDENTITIES.computeIfAbsent(executableFile(), f -> versionString() + ", executable sha256 " + postgresSha256());
    }

    /** What tells one executable file from another, or from a later one at the same path. */
    private List<Object> executableFile() {
        try {
            BasicFileAttributes a = Files.readAttributes(Path.of(postgres()), BasicFileAttributes.class);
            Object inode = a.fileKey() == null ? "" : a.fileKey();
            return List.of(Path.of(postgres()).toRealPath().toString(), a.size(), a.lastModifiedTime(), inode);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + postgres() + ": " + e.getMessage(), e);
        }
    }

    /** "postgres (PostgreSQL) 18.6" as the binary prints it. */
    public String versionString() {
        CommandResult r = CommandRunner.run(List.of(postgres(), "--version"), Duration.ofSeconds(30));
        if (!r.succeeded()) {
            throw new ServerException(postgres() + " --version failed (exit " + r.exitCode() + ")", r.lastLines(10));
        }
        return r.output().strip();
    }
}
