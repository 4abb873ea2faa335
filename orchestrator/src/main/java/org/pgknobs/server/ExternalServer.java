package org.pgknobs.server;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.pgknobs.process.CommandResult;
import org.pgknobs.process.CommandRunner;

/**
 * A server pgknobs does not own: reached by URL, restarted only through the user's command (e.g.
 * {@code systemctl restart postgresql}). Whether its configuration may be changed at all is the
 * overlay's decision ({@code --allow-alter-system}); this class only connects and restarts.
 */
public final class ExternalServer implements Server {

    private final ConnectionInfo connection;
    private final Optional<String> restartCommand;
    private final Duration timeout;

    public ExternalServer(ConnectionInfo connection, Optional<String> restartCommand, Duration timeout) {
        this.connection = connection;
        this.restartCommand = restartCommand;
        this.timeout = timeout;
    }

    @Override
    public ConnectionInfo connection() {
        return connection;
    }

    public Optional<String> restartCommand() {
        return restartCommand;
    }

    /** Runs the restart command through {@code sh -c}, then waits until the server accepts connections again. */
    @Override
    public void restart() {
        String cmd = restartCommand.orElseThrow(() -> new ServerException(
                "a setting needs a server restart, but no --restart-cmd was given for the external server "
                        + connection.jdbcUrl() + "; pass e.g. --restart-cmd \"systemctl restart postgresql\"", List.of()));
        CommandResult r = CommandRunner.run(List.of("sh", "-c", cmd), timeout);
        if (!r.succeeded()) {
            List<String> output = r.lastLines(20);
            // the command's own words are the diagnosis: keep them in the message that reaches step.json
            throw new ServerException("restart command failed (" + (r.timedOut() ? "timed out after "
                    + timeout.toSeconds() + " s" : "exit " + r.exitCode()) + "): " + cmd
                    + (output.isEmpty() ? "; it printed nothing" : "; its output: " + String.join(" / ", output)), output);
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (isRunning()) {
                return;
            }
            sleep();
        }
        throw new ServerException("server " + connection.jdbcUrl() + " did not accept connections within "
                + timeout.toSeconds() + " s after the restart command", r.lastLines(20));
    }

    @Override
    public boolean isRunning() {
        try (Connection c = connection.connect()) {
            return c.isValid(5);
        } catch (SQLException e) {
            return false;
        }
    }

    @Override
    public List<String> logTail(int lines) {
        return List.of("(log of external server " + connection.jdbcUrl() + " is not reachable by pgknobs)");
    }

    @Override
    public String describe() {
        return "external server " + connection.jdbcUrl() + restartCommand.map(c -> " (restart: " + c + ")").orElse("");
    }

    @Override
    public void close() {
        // not ours to stop
    }

    private static void sleep() {
        try {
            Thread.sleep(500);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ServerException("interrupted while waiting for the server", List.of());
        }
    }
}
