package org.pgknobs.cli;

/**
 * A failure that is not bad input, raised after a run may have written results: carries what the run left
 * on disk so that {@link Errors} can say what was completed and where, instead of only what went wrong.
 */
final class RunFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient ResultsSoFar soFar;

    RunFailure(RuntimeException cause, ResultsSoFar soFar) {
        super(cause.getMessage(), cause);
        this.soFar = soFar;
    }

    ResultsSoFar soFar() {
        return soFar;
    }
}
