package org.pgknobs.report.why;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.pgknobs.results.MachineFacts;

/**
 * "reads came from the OS page cache (6 µs per read, 5000 reads)": fires when pg_stat_io's read_time per read is
 * below {@value #MAX_MICROS} µs, well under what a device read takes (an NVMe random read is ~80 µs or more); a
 * shared_buffers miss then costs a memory copy, not a disk wait. That holds only where read_time is the read
 * itself: with io_method=sync, or before PostgreSQL 18 (no io_method). With io_method worker or io_uring it counts
 * only the wait for a read another process may have issued earlier, so the line says just "reads waited 6 µs
 * each". Needs track_io_timing on in the step.
 */
public final class OsPageCacheReads implements WhyRule {

    static final double MAX_MICROS = 30;
    /** Fewer reads than this say nothing about where the data lives. */
    static final long MIN_READS = 100;

    @Override
    public Optional<Reason> explain(WhyInput input) {
        MachineFacts.Reads r = input.reads();
        Optional<String> ioMethod = input.setting("io_method");
        if (!fast(r)) {
            return Optional.empty();
        }
        String figures = Numbers.brief(r.microsPerRead()) + " µs per read, " + r.reads() + " reads";
        String text = readTimeIsTheRead(ioMethod) ? "reads came from the OS page cache (" + figures + ")"
                : String.format(Locale.ROOT, "reads waited %s µs each (%d reads; io_method=%s: read_time counts only "
                        + "the wait, so where the data came from is not shown)", Numbers.brief(r.microsPerRead()),
                r.reads(), ioMethod.orElse("?"));
        return Optional.of(new Reason("os-page-cache-reads", text, List.of("machine.reads", "settings.io_method")));
    }

    static boolean fast(MachineFacts.Reads r) {
        return r != null && r.microsPerRead() != null && r.reads() >= MIN_READS && r.microsPerRead() < MAX_MICROS;
    }

    /** io_method=sync, or no io_method at all (PostgreSQL before 18). */
    static boolean readTimeIsTheRead(Optional<String> ioMethod) {
        return ioMethod.map(m -> m.strip().equalsIgnoreCase("sync")).orElse(true);
    }
}
