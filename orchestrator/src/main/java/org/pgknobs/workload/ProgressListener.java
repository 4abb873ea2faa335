package org.pgknobs.workload;

/** Progress of a long phase (load, warm-up, run), for the suite's progress display. */
public interface ProgressListener {

    /** {@code done} of {@code total} units of {@code phase} (total -1 when unknown). */
    void progress(String phase, long done, long total, String unit);

    ProgressListener NONE = (phase, done, total, unit) -> { };
}
