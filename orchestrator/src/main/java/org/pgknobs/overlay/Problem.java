package org.pgknobs.overlay;

/** One thing wrong with a requested setting, found before anything was changed. */
public record Problem(String name, String message) {
    @Override
    public String toString() {
        return name + ": " + message;
    }
}
