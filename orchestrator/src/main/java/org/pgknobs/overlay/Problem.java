package org.pgknobs.overlay;

/**
 * One thing wrong with a requested setting, found before anything was changed.
 *
 * @param unsupportedByBuild the value exists in PostgreSQL but not in this server's build (lz4, zstd,
 *                           io_uring): a sweep records such a step as not supported and goes on, where
 *                           any other problem is an error in the experiment itself
 */
public record Problem(String name, String message, boolean unsupportedByBuild) {

    public Problem(String name, String message) {
        this(name, message, false);
    }

    @Override
    public String toString() {
        return name + ": " + message;
    }
}
