package org.pgknobs.server;

import java.time.Duration;
import java.util.List;

/**
 * A PostgreSQL server pgknobs can connect to and restart. Managed servers (embedded binaries or a
 * local install) are started, stopped and initialised by pgknobs; an external one is only restarted
 * through the user's command.
 */
public sealed interface Server extends AutoCloseable permits ManagedServer, ExternalServer {

    /** How to connect to the benchmark database (and, with {@code withDatabase}, any other). */
    ConnectionInfo connection();

    /** Restarts the postmaster, e.g. after a postmaster-context setting changed. */
    void restart();

    boolean isRunning();

    /** The last lines the server logged (its stderr file and, with logging_collector, log/ files). */
    List<String> logTail(int lines);

    /** Short human description: kind, version, where. */
    String describe();

    /** How long a start or stop may take before it is reported as failed. */
    Duration DEFAULT_TIMEOUT = Duration.ofMinutes(3);

    /** Stops a managed server; leaves an external one running. Never throws for an already stopped one. */
    @Override
    void close();
}
