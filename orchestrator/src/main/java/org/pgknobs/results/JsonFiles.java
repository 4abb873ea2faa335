package org.pgknobs.results;

import java.nio.file.Path;
import org.pgknobs.json.AtomicFiles;
import org.pgknobs.json.Json;

/**
 * A result directory's JSON and text files, written atomically (temp file + rename) so that a crash or
 * Ctrl-C mid-write never leaves a truncated file where a completed result was.
 */
public final class JsonFiles {

    private JsonFiles() {
    }

    public static void write(Path file, Object value) {
        Json.write(file, value);
    }

    public static <T> T read(Path file, Class<T> type) {
        return Json.read(file, type);
    }

    /** Atomically writes text (logs, Markdown, YAML). */
    public static void writeText(Path file, String text) {
        AtomicFiles.writeText(file, text);
    }
}
