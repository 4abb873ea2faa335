package org.pgknobs.overlay;

/** A value PostgreSQL would not accept for a parameter; the message says why and what is accepted. */
public class InvalidValueException extends Exception {
    public InvalidValueException(String message) {
        super(message);
    }
}
