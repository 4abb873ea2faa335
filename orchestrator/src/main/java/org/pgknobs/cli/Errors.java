package org.pgknobs.cli;

import java.io.PrintWriter;
import org.pgknobs.BadInputException;
import org.pgknobs.overlay.OverlayException;
import org.pgknobs.server.ServerException;
import org.pgknobs.workload.WorkloadException;
import picocli.CommandLine;

/** Turns exceptions into one clear message and an exit code; no stack traces for expected failures. */
final class Errors implements CommandLine.IExecutionExceptionHandler {

    /** Passwords never go on a command line (ps and shell history show it): say where they come from instead. */
    static String passwordHint(String message) {
        return message != null && message.toLowerCase(java.util.Locale.ROOT).contains("password")
                ? "; passwords are never options: set PGPASSWORD or use ~/.pgpass" : "";
    }

    @Override
    public int handleExecutionException(Exception ex, CommandLine cmd, CommandLine.ParseResult parseResult) {
        PrintWriter err = cmd.getErr();
        Throwable t = ex;
        if (t instanceof BadInputException || t instanceof IllegalArgumentException) {
            err.println("pgknobs: " + t.getMessage());
            return Main.BAD_INPUT;
        }
        if (t instanceof ServerException se) {
            err.println("pgknobs: " + se.describe());
            return Main.RUN_FAILED;
        }
        if (t instanceof OverlayException || t instanceof WorkloadException) {
            // expected run failures: the message says what happened; a stack trace would bury it
            err.println("pgknobs: " + t.getMessage());
            return Main.RUN_FAILED;
        }
        err.println("pgknobs: " + t);
        t.printStackTrace(err);
        return Main.RUN_FAILED;
    }
}
