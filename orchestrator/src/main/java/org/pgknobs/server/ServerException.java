package org.pgknobs.server;

import java.util.List;

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

    /** Message plus the log tail, as a user should see it. */
    public String describe() {
        if (logTail.isEmpty()) {
            return getMessage();
        }
        return getMessage() + "\n  server log (last " + logTail.size() + " lines):\n    "
                + String.join("\n    ", logTail);
    }
}
