package org.pgknobs.report.why;

import java.util.List;
import java.util.Optional;
import org.pgknobs.results.MachineFacts;

/**
 * "reads came from the OS page cache (6 µs per read)": fires when pg_stat_io's read_time per read is below
 * {@value #MAX_MICROS} µs, well under what a device read takes (an NVMe random read is ~80 µs or more); a
 * shared_buffers miss then costs a memory copy, not a disk wait. Needs track_io_timing on in the step.
 */
public final class OsPageCacheReads implements WhyRule {

    static final double MAX_MICROS = 30;
    /** Fewer reads than this say nothing about where the data lives. */
    static final long MIN_READS = 100;

    @Override
    public Optional<Reason> explain(WhyInput input) {
        MachineFacts.Reads r = input.evidence().reads();
        if (r == null || r.microsPerRead() == null || r.reads() < MIN_READS || r.microsPerRead() >= MAX_MICROS) {
            return Optional.empty();
        }
        return Optional.of(new Reason("os-page-cache-reads", "reads came from the OS page cache ("
                + Numbers.brief(r.microsPerRead()) + " µs per read, " + r.reads() + " reads)",
                List.of("machine.reads.microsPerRead", "machine.reads.reads")));
    }
}
