package org.pgknobs.units;

/**
 * A duration or size that does not follow the grammar. The message says what was wrong and gives an
 * example; callers add where the text came from (an option, a YAML line, an agent option).
 */
public final class UnitException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    UnitException(String message) {
        super(message);
    }
}
