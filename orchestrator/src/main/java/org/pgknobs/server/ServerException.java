package org.pgknobs.server;

import java.util.List;
import java.util.Optional;

/** A server could not be started, stopped or reached; carries the server's own last log lines. */
public class ServerException extends RuntimeException {
    private final List<String> logTail;

    public ServerException(String message, List<String> logTail) {
        super(message);
        this.logTail = List.copyOf(logTail);
    }

    public ServerException(String message, List<String> logTail, Throwable cause) {
        super(message, cause);
        this.logTail = List.copyOf(logTail);
    }

    public List<String> logTail() {
        return logTail;
    }

    /**
     * PostgreSQL's own reason from the log tail: the last FATAL or PANIC line (the newest; older ones may be
     * from earlier starts), from the severity on
     * (timestamp and pid dropped, blanks squeezed), e.g. {@code FATAL: could not access file "x"}.
     */
    public Optional<String> fatalLine() {
        return logTail.stream().filter(l -> l.contains("FATAL:") || l.contains("PANIC:")).reduce((a, b) -> b)
                .map(l -> l.substring(l.indexOf(l.contains("FATAL:") ? "FATAL:" : "PANIC:")).replaceAll("\\s+", " ").strip());
    }

    /** Message plus the log tail, as a user should see it. */
    public String describe() {
        if (logTail.isEmpty()) {
            return getMessage();
        }
        return getMessage() + "\n  server log (last " + logTail.size() + " lines):\n    "
                + String.join("\n    ", logTail);
    }
}
