package org.pgknobs.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import org.pgknobs.BadInputException;
import org.pgknobs.overlay.OverlayException;
import org.pgknobs.server.ServerException;
import org.pgknobs.workload.WorkloadException;
import picocli.CommandLine;

/**
 * Turns exceptions into one clear message and an exit code. Exit 2 is only for {@link BadInputException}, which
 * validation raises before anything is touched; expected run failures (a server, an overlay, a workload) are exit 1
 * with their message; anything else is a defect of pgknobs, exit 1 as "internal error", with its stack trace in the
 * result directory (or on stderr when there is none) and what the run completed.
 */
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
        ResultsSoFar soFar = null;
        if (t instanceof RunFailure f) {
            soFar = f.soFar();
            t = f.getCause();
        }
        if (t instanceof BadInputException) {
            err.println("pgknobs: " + t.getMessage());
            return Main.BAD_INPUT;
        }
        if (t instanceof ServerException se) {
            err.println("pgknobs: " + se.describe());
            where(soFar, err);
            return Main.RUN_FAILED;
        }
        if (t instanceof OverlayException || t instanceof WorkloadException) {
            // expected run failures: the message says what happened; a stack trace would bury it
            err.println("pgknobs: " + t.getMessage());
            where(soFar, err);
            return Main.RUN_FAILED;
        }
        err.println("pgknobs: internal error: " + (t.getMessage() != null ? t.getMessage() : t.getClass().getName()));
        where(soFar, err);
        Optional<Path> log = soFar == null ? Optional.empty() : soFar.writeTrace(t);
        if (log.isPresent()) {
            err.println("stack trace: " + log.get() + " (please include it in a bug report)");
        } else {
            t.printStackTrace(err);
        }
        return Main.RUN_FAILED;
    }

    private static void where(ResultsSoFar soFar, PrintWriter err) {
        if (soFar != null) {
            soFar.describe().forEach(err::println);
        }
    }
}
