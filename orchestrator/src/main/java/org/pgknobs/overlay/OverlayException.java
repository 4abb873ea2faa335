package org.pgknobs.overlay;

/** Applying or restoring settings failed on the server (a run failure, not bad input). */
public class OverlayException extends RuntimeException {
    public OverlayException(String message) {
        super(message);
    }

    public OverlayException(String message, Throwable cause) {
        super(message, cause);
    }
}
