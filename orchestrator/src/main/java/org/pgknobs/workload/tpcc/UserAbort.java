package org.pgknobs.workload.tpcc;

/**
 * A rollback the transaction profile asks for (NewOrder's unused item id, spec 2.4.2.3), which BenchBase
 * counts as "aborted", not as an error. Thrown often, so without a stack trace.
 */
final class UserAbort extends Exception {
    static final UserAbort INSTANCE = new UserAbort();

    private UserAbort() {
        super("expected rollback", null, false, false);
    }
}
