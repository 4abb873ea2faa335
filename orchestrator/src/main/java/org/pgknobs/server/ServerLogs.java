package org.pgknobs.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Finds what the server said last. With logging_collector=off it writes to pg_ctl's -l file; with
 * logging_collector=on (one of the article's settings) it writes .log/.json files under PGDATA/log/.
 * The tail of both, older first, is what a user needs to see why a start failed.
 */
final class ServerLogs {

    private ServerLogs() {
    }

    static List<String> tail(Path stderrLog, Path dataDir, int lines) {
        List<String> out = new ArrayList<>(lastLines(stderrLog, lines));
        newestCollectorFile(dataDir.resolve("log")).ifPresent(f -> {
            out.add("-- " + f);
            out.addAll(lastLines(f, lines));
        });
        return out.subList(Math.max(0, out.size() - lines), out.size());
    }

    /**
     * Every file the server logs to, oldest first: the stderr file, then logging_collector's; its plain-text
     * .log files, or its .json files when it wrote no .log (log_destination = jsonlog alone).
     */
    static List<Path> files(Path stderrLog, Path dataDir) {
        List<Path> out = new ArrayList<>();
        if (Files.isRegularFile(stderrLog)) {
            out.add(stderrLog);
        }
        Path logDir = dataDir.resolve("log");
        if (Files.isDirectory(logDir)) {
            try (Stream<Path> files = Files.list(logDir)) {
                List<Path> all = files.filter(Files::isRegularFile).sorted().toList();
                List<Path> text = all.stream().filter(p -> p.toString().endsWith(".log")).toList();
                out.addAll(!text.isEmpty() ? text : all.stream().filter(p -> p.toString().endsWith(".json")).toList());
            } catch (IOException e) {
                // an unreadable log directory leaves only the stderr file
            }
        }
        return out;
    }

    /** The newest collector file; plain-text .log preferred over .json when both were written at once. */
    private static Optional<Path> newestCollectorFile(Path logDir) {
        if (!Files.isDirectory(logDir)) {
            return Optional.empty();
        }
        try (Stream<Path> files = Files.list(logDir)) {
            return files.filter(Files::isRegularFile)
                    .max(Comparator.comparingLong(ServerLogs::modified)
                            .thenComparing(p -> p.toString().endsWith(".json") ? 0 : 1));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static long modified(Path p) {
        try {
            return Files.getLastModifiedTime(p).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }

    private static List<String> lastLines(Path file, int n) {
        try {
            if (!Files.isRegularFile(file)) {
                return List.of();
            }
            List<String> all = Files.readAllLines(file, java.nio.charset.StandardCharsets.ISO_8859_1);
            return all.subList(Math.max(0, all.size() - n), all.size());
        } catch (IOException e) {
            return List.of("(cannot read " + file + ": " + e.getMessage() + ")");
        }
    }
}
