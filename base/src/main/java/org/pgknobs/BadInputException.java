package org.pgknobs;

/**
 * Input the user must fix (a file, an option, a setting). Mapped to exit code 2; thrown before anything
 * is started or written. The message says what, where and how to fix it.
 */
public class BadInputException extends RuntimeException {
    public BadInputException(String message) {
        super(message);
    }

    public BadInputException(String message, Throwable cause) {
        super(message, cause);
    }
}
