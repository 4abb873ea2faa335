package org.pgknobs.host;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** Small text files of /proc, /sys and /etc, read whole; a missing file (not Linux, a container) reads as empty. */
public final class ProcFiles {

    private ProcFiles() {
    }

    public static List<String> lines(Path p) {
        try {
            return Files.readAllLines(p);
        } catch (IOException e) {
            return List.of();
        }
    }

    public static Optional<String> firstLine(Path p) {
        return lines(p).stream().findFirst().map(String::strip);
    }

    /** The value after {@code key:} on the first line that starts with it, stripped. */
    public static Optional<String> field(Path p, String key) {
        return lines(p).stream().filter(l -> l.startsWith(key + ":"))
                .map(l -> l.substring(key.length() + 1).strip()).findFirst();
    }
}
