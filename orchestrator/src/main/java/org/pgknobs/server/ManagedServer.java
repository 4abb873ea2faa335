package org.pgknobs.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import org.pgknobs.process.CommandResult;
import org.pgknobs.process.CommandRunner;

/**
 * A PostgreSQL cluster pgknobs owns: initdb'ed into its own instance directory, listening on a free
 * TCP port on 127.0.0.1 with its Unix socket in a private directory, started as {@code pg_ctl start -w} would
 * ({@link PostmasterStart}) and stopped with {@code pg_ctl stop -w}, running as {@link RunAs}.
 *
 * <p>Instance directory layout: {@code data/} (PGDATA), {@code socket/}, {@code server.log} (the postmaster's
 * stderr log, outside PGDATA so snapshots of PGDATA do not carry it), {@code pgknobs-server.properties}
 * (port and password, so {@code server stop} in another process can find it again).
 */
public final class ManagedServer implements Server {

    public static final String SUPERUSER = "postgres";
    /** The initdb options of every cluster, before the experiment's own. */
    public static final List<String> INITDB_DEFAULTS = List.of("-E", "UTF8", "--locale=C");
    private static final String STATE_FILE = "pgknobs-server.properties";

    private final PgBinaries binaries;
    private final RunAs runAs;
    private final Path instanceDir;
    private final String password;
    private final Duration timeout;
    private int port;

    private ManagedServer(PgBinaries binaries, RunAs runAs, Path instanceDir, String password, int port, Duration timeout) {
        this.binaries = binaries;
        this.runAs = runAs;
        this.instanceDir = instanceDir.toAbsolutePath().normalize();
        this.password = password;
        this.port = port;
        this.timeout = timeout;
    }

    /** A new, not yet initialised server in {@code instanceDir} (created; must not hold a cluster yet). */
    public static ManagedServer create(PgBinaries binaries, RunAs runAs, Path instanceDir) {
        ManagedServer server = new ManagedServer(binaries, runAs, instanceDir, newPassword(), 0, DEFAULT_TIMEOUT);
        server.prepareDirectories();
        return server;
    }

    /** A server created earlier by another pgknobs process (e.g. {@code server start}), found by its state file. */
    public static Optional<ManagedServer> find(PgBinaries binaries, RunAs runAs, Path instanceDir) {
        Path state = instanceDir.resolve(STATE_FILE);
        if (!Files.exists(state)) {
            return Optional.empty();
        }
        Properties p = new Properties();
        try (var in = Files.newInputStream(state)) {
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Optional.of(new ManagedServer(binaries, runAs, instanceDir, p.getProperty("password"),
                Integer.parseInt(p.getProperty("port", "0")), DEFAULT_TIMEOUT));
    }

    public Path instanceDir() {
        return instanceDir;
    }

    public Path dataDirectory() {
        return instanceDir.resolve("data");
    }

    /**
     * The directory pg_wal links to, when initdb --waldir put the WAL outside the data directory: a copy of the data
     * directory alone (a snapshot, a load-cache entry, an initdb template) holds the link, not the WAL it needs.
     */
    public Optional<Path> externalWalDirectory() {
        Path pgWal = dataDirectory().resolve("pg_wal");
        try {
            return Files.isSymbolicLink(pgWal) ? Optional.of(pgWal.toRealPath()) : Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot follow " + pgWal + ": " + e.getMessage(), e);
        }
    }

    public Path socketDirectory() {
        return instanceDir.resolve("socket");
    }

    public Path logFile() {
        return instanceDir.resolve("server.log");
    }

    public RunAs runAs() {
        return runAs;
    }

    public PgBinaries binaries() {
        return binaries;
    }

    public int port() {
        return port;
    }

    public boolean isInitialized() {
        return Files.exists(dataDirectory().resolve("PG_VERSION"));
    }

    @Override
    public ConnectionInfo connection() {
        if (port == 0) {
            throw new IllegalStateException("server in " + instanceDir + " has not been started");
        }
        return new ConnectionInfo("127.0.0.1", port, "postgres", SUPERUSER, password);
    }

    /**
     * Runs initdb. The superuser gets a random password for TCP (scram-sha-256), so other local users
     * cannot log in to the benchmark server; local socket connections use peer-equivalent trust.
     */
    public void initdb(List<String> options) {
        initdb(options, Optional.empty());
    }

    /** The same, or with {@code templates} a copy of a template from an earlier initdb with the same key. */
    public InitdbTemplates.Source initdb(List<String> options, Optional<InitdbTemplates> templates) {
        if (isInitialized()) {
            throw new IllegalStateException(dataDirectory() + " already holds a cluster");
        }
        if (templates.isPresent()) {
            return templates.get().initdb(this, options);
        }
        runInitdb(options);
        return InitdbTemplates.Source.INITDB;
    }

    /**
     * initdb's arguments but the data directory and the password file: pgknobs' own, then {@code options}. Only
     * options every major from 13 knows (--no-instructions came in 14; initdb 13 refuses it).
     */
    static List<String> initdbArguments(List<String> options) {
        List<String> args = new ArrayList<>(List.of("-U", SUPERUSER, "--auth-local=trust", "--auth-host=scram-sha-256"));
        args.addAll(INITDB_DEFAULTS);
        args.addAll(options);
        return args;
    }

    /** Single-user mode reads a statement per line: one line, and a no-op before PG 16 (no such setting). */
    static final String ONE_SCRAM_ITERATION = "DO $$BEGIN IF current_setting('server_version_num')::int >= 160000"
            + " THEN PERFORM set_config('scram_iterations', '1', false); END IF; END$$";

    /** initdb, then the password again with one SCRAM iteration (see {@link #resetSuperuserPassword}). */
    void runInitdb(List<String> options) {
        Path pwfile = instanceDir.resolve("pwfile");
        try {
            Files.writeString(pwfile, password + "\n");
            Files.setPosixFilePermissions(pwfile, PosixFilePermissions.fromString("rw-------"));
            runAs.own(pwfile);
            List<String> cmd = new ArrayList<>(List.of(binaries.initdb(), "-D", dataDirectory().toString(),
                    "--pwfile=" + pwfile));
            cmd.addAll(initdbArguments(options));
            CommandResult r = CommandRunner.run(runAs.command(cmd), timeout);
            if (!r.succeeded()) {
                throw new ServerException("initdb failed (exit " + r.exitCode() + (r.timedOut() ? ", timed out" : "")
                        + ") with options " + options, r.lastLines(20));
            }
            resetSuperuserPassword();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            try {
                Files.deleteIfExists(pwfile);
            } catch (IOException ignored) {
                // best effort: the file is mode 600 inside a mode-700 directory
            }
        }
    }

    /**
     * Gives the superuser this server's password in a data directory that came from elsewhere (a load
     * cache: another run's cluster, with that run's password, or an initdb template), before its first
     * start: {@code postgres --single} as the server's OS user, the statements on stdin so the password is
     * on no command line.
     *
     * <p>The verifier is stored with one SCRAM iteration where the server lets us choose (PG 16+,
     * {@code scram_iterations}, for this session only). The 4,096 of the default stretch a guessable
     * password against a stolen pg_authid; this one is 144 random bits, which stretching cannot make
     * stronger, while every pgjdbc login pays the iterations in the client's CPU: a short run opens a
     * connection per probe, capture and terminal, and spent about half its Java CPU on them
     * (docs/benchmarks.md, "Small costs the code avoids").
     */
    public void resetSuperuserPassword() {
        if (isRunning()) {
            throw new IllegalStateException("resetting the password needs a stopped server: " + describe());
        }
        CommandResult r = CommandRunner.runWithInput(runAs.command(List.of(binaries.postgres(), "--single",
                "-D", dataDirectory().toString(), "postgres")), timeout,
                ONE_SCRAM_ITERATION + "\nALTER ROLE " + SUPERUSER + " PASSWORD '" + password + "'\n");
        if (!r.succeeded() || r.output().contains("ERROR:")) {
            throw new ServerException("resetting the superuser's password in " + dataDirectory() + " failed (exit "
                    + r.exitCode() + ")", r.lastLines(10).stream().map(l -> l.replace(password, "***")).toList());
        }
    }

    /** Starts the server and waits until it accepts connections; on failure the message carries the server's log. */
    public void start() {
        if (!isInitialized()) {
            throw new IllegalStateException("no cluster in " + dataDirectory() + ": call initdb first");
        }
        if (postmasterPid().isPresent() && !isRunning()) { // a crashed postmaster's children may still hold its memory
            OrphanedBackends.awaitGone(dataDirectory(), timeout);
        }
        ServerException last = null;
        for (int attempt = 0; attempt < 3; attempt++) {
            if (port == 0 || attempt > 0 || !portIsFree(port)) {
                port = freePort();
            }
            PostmasterStart.Outcome outcome = PostmasterStart.start(runAs, binaries.postgres(), dataDirectory(), logFile(),
                    List.of("-p", Integer.toString(port), "-k", socketDirectory().toString(),
                            "-c", "listen_addresses=127.0.0.1"), timeout);
            if (outcome == PostmasterStart.Outcome.READY) {
                writeState();
                return;
            }
            List<String> tail = new ArrayList<>(logTail(30));
            last = new ServerException("server did not start (" + (outcome == PostmasterStart.Outcome.TIMED_OUT
                    ? "not ready after " + timeout.toSeconds() + " s" : "postgres exited") + ")", tail);
            if (!tail.toString().contains("could not bind") && !tail.toString().contains("Address already in use")) {
                break;
            }
        }
        throw last;
    }

    /** Fast shutdown (in-flight transactions are rolled back), waiting for it to finish. */
    public void stop() {
        if (!isRunning()) {
            return;
        }
        CommandResult r = CommandRunner.run(runAs.command(List.of(binaries.pgCtl(), "-D", dataDirectory().toString(),
                "-m", "fast", "-w", "-t", Long.toString(timeout.toSeconds()), "stop")), timeout.plusSeconds(30));
        if (!r.succeeded() && isRunning()) {
            throw new ServerException("server did not stop (pg_ctl exit " + r.exitCode() + ")", logTail(20));
        }
    }

    @Override
    public void restart() {
        stop();
        start();
    }

    /** SIGKILL to the postmaster: a crash, for fault tests. The next start runs crash recovery. */
    public void kill() {
        postmasterPid().flatMap(ProcessHandle::of).ifPresent(p -> {
            p.destroyForcibly();
            p.onExit().join();
        });
    }

    public Optional<Long> postmasterPid() {
        Path pidFile = dataDirectory().resolve("postmaster.pid");
        try {
            if (!Files.exists(pidFile)) {
                return Optional.empty();
            }
            return Optional.of(Long.parseLong(Files.readAllLines(pidFile).get(0).strip()));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    @Override
    public boolean isRunning() {
        if (!isInitialized()) {
            return false;
        }
        // what `pg_ctl status` decides (postmaster.pid names a live process; negative for a single-user backend),
        // without starting setpriv and pg_ctl each time: a suite asks before and after every start, stop and copy
        return postmasterPid().map(Math::abs).flatMap(ProcessHandle::of).map(ProcessHandle::isAlive).orElse(false);
    }

    /**
     * Empties server.log and removes PGDATA/log (logging_collector's files) of a stopped server, so that
     * what a trial start logged never shows up in a later step's log tail.
     */
    public void clearLogs() {
        if (isRunning()) {
            throw new IllegalStateException("clearLogs needs a stopped server: " + describe());
        }
        try {
            if (Files.exists(logFile())) {
                Files.write(logFile(), new byte[0]);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot empty " + logFile() + ": " + e.getMessage(), e);
        }
        Workspace.delete(dataDirectory().resolve("log"));
    }

    @Override
    public List<String> logTail(int lines) {
        return ServerLogs.tail(logFile(), dataDirectory(), lines);
    }

    /** The files the server logs to, oldest first (see {@link ServerLogs#files}). */
    public List<Path> logFiles() {
        return ServerLogs.files(logFile(), dataDirectory());
    }

    @Override
    public String describe() {
        return binaries.origin() + " in " + instanceDir + (port == 0 ? "" : " on 127.0.0.1:" + port)
                + " (as OS user " + runAs.userName() + ")";
    }

    /** Whether SQL can be run right now (the server may be up but still recovering). */
    public boolean acceptsConnections() {
        try (Connection c = connection().connect()) {
            return c.isValid(5);
        } catch (SQLException | IllegalStateException e) {
            return false;
        }
    }

    @Override
    public void close() {
        stop();
    }

    private void prepareDirectories() {
        try {
            Files.createDirectories(instanceDir);
            Files.setPosixFilePermissions(instanceDir, PosixFilePermissions.fromString("rwx------"));
            runAs.own(instanceDir);
            if (!runAs.canReach(instanceDir)) {
                throw new ServerException("the OS user '" + runAs.userName() + "' cannot reach " + instanceDir
                        + ": a parent directory is not traversable by it (e.g. a home directory of mode 700). "
                        + "Choose --work-dir under a directory it can traverse, such as /var/tmp.", List.of());
            }
            Path socket = socketDirectory();
            Files.createDirectories(socket);
            Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rwx------"));
            runAs.own(socket);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare " + instanceDir + ": " + e.getMessage(), e);
        }
    }

    private void writeState() {
        Properties p = new Properties();
        p.setProperty("port", Integer.toString(port));
        p.setProperty("password", password);
        Path state = instanceDir.resolve(STATE_FILE);
        try {
            Files.deleteIfExists(state);
            Files.createFile(state, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            try (var out = Files.newOutputStream(state)) {
                p.store(out, "pgknobs managed server; the password is for 127.0.0.1 only");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String newPassword() {
        byte[] bytes = new byte[18];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static boolean portIsFree(int port) {
        try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free TCP port on 127.0.0.1", e);
        }
    }
}
