package org.pgknobs.history;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import org.pgknobs.BadInputException;

/**
 * Where the history lives: a SQLite file (one writer at a time; the default, {@code results/history.sqlite}) or a
 * PostgreSQL database named by a {@code jdbc:postgresql://} URL (many writers at once). Both hold one schema
 * ({@link Migrations}).
 *
 * @param text a file path or a jdbc:postgresql URL, as the user gave it
 */
public record HistoryLocation(String text) {

    /** The environment variable that names the store when no --history option does. */
    public static final String ENV = "PGKNOBS_HISTORY";
    public static final String DEFAULT_FILE = "history.sqlite";
    private static final String POSTGRES_PREFIX = "jdbc:postgresql:";

    /** The --history value, else $PGKNOBS_HISTORY, else {@value #DEFAULT_FILE} in {@code resultsRoot}. */
    public static HistoryLocation choose(String option, Path resultsRoot) {
        if (option != null && !option.isBlank()) {
            return new HistoryLocation(option);
        }
        String env = System.getenv(ENV);
        return env != null && !env.isBlank() ? new HistoryLocation(env)
                : new HistoryLocation(resultsRoot.resolve(DEFAULT_FILE).toString());
    }

    public boolean isPostgres() {
        return text.startsWith(POSTGRES_PREFIX);
    }

    /** A SQLite file has one writer: a shard of an array must leave it to the merge. */
    public boolean singleWriter() {
        return !isPostgres();
    }

    /** Whether there is a store to read: a PostgreSQL URL is taken to name one; a file must exist. */
    public boolean exists() {
        return isPostgres() || Files.isRegularFile(Path.of(text));
    }

    /** Refuses to read a store that is not there (reading would create an empty file and show nothing). */
    public HistoryLocation existing() {
        if (!exists()) {
            throw new BadInputException("history " + text + ": no such file; a run records its history there (history.sqlite "
                    + "in its --out directory), or name one with --history FILE or $" + ENV);
        }
        return this;
    }

    /** What the messages call it: the file, or the URL without its password. */
    public String describe() {
        return isPostgres() ? text.replaceAll("(?i)(password=)[^&]*", "$1***") : text;
    }

    Connection connect() {
        try {
            if (isPostgres()) {
                return DriverManager.getConnection(text);
            }
            Path file = Path.of(text).toAbsolutePath();
            if (Files.isDirectory(file)) {
                throw new BadInputException("--history " + text + ": a directory; name a file, e.g. "
                        + file.resolve(DEFAULT_FILE));
            }
            Files.createDirectories(file.getParent());
            Properties p = new Properties();
            // IMMEDIATE: a transaction takes the write lock at its start, so two openers cannot both read an old
            // schema version and both migrate; busy_timeout lets the second wait for the first instead of failing
            p.setProperty("transaction_mode", "IMMEDIATE");
            p.setProperty("busy_timeout", "30000");
            return DriverManager.getConnection("jdbc:sqlite:" + file, p);
        } catch (SQLException e) {
            throw new IllegalStateException("history " + describe() + ": cannot open (" + e.getMessage() + ")", e);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("history " + describe() + ": cannot create its directory", e);
        }
    }
}
