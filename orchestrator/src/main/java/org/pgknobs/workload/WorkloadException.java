package org.pgknobs.workload;

/** The workload could not load or run at all (as opposed to a slow or error-ridden run, which is a result). */
public class WorkloadException extends Exception {
    public WorkloadException(String message) {
        super(message);
    }

    public WorkloadException(String message, Throwable cause) {
        super(message, cause);
    }
}
