package org.pgknobs.json;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The one temp-file-then-move write: the content goes to {@code <name>.tmp} beside the target and is
 * renamed over it, so a crash, Ctrl-C or a reader at the wrong moment never sees half a result file.
 */
public final class AtomicFiles {

    /** Writes the content to the writer it is given; may throw. */
    @FunctionalInterface
    public interface Content {
        void writeTo(Writer out) throws IOException;
    }

    private AtomicFiles() {
    }

    public static void write(Path file, Content content) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            try (BufferedWriter out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                content.writeTo(out);
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    public static void writeText(Path file, String text) {
        write(file, out -> out.write(text));
    }
}
