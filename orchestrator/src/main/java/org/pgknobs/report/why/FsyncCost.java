package org.pgknobs.report.why;

import java.util.List;
import java.util.Optional;
import org.pgknobs.results.MachineFacts;

/**
 * "fsync here 0.05 ms (fdatasync, 19000/s)": what one WAL flush costs on this machine, said where it
 * shapes the comparison: when it is so cheap ({@value #CHEAP_MS} ms or less: a volatile write cache, tmpfs)
 * that WAL settings cost little, or so dear ({@value #DEAR_MS} ms or more) that every commit waits on it.
 * In between it is ordinary and the rule is silent.
 */
public final class FsyncCost implements WhyRule {

    static final double CHEAP_MS = 0.1;
    static final double DEAR_MS = 2;

    @Override
    public Optional<Reason> explain(WhyInput input) {
        MachineFacts.Fsync f = input.evidence().fsync();
        if (f == null || f.ops() == 0 || (f.meanMs() > CHEAP_MS && f.meanMs() < DEAR_MS)) {
            return Optional.empty();
        }
        String effect = f.meanMs() <= CHEAP_MS ? "WAL flushes cost almost nothing here"
                : "every commit waits this long for its WAL flush";
        return Optional.of(new Reason("fsync-cost", "fsync here " + Numbers.brief(f.meanMs()) + " ms (" + f.method()
                + ", " + Numbers.brief(f.opsPerSecond()) + "/s) — " + effect,
                List.of("machine.fsync.meanMs", "machine.fsync.opsPerSecond", "machine.fsync.method")));
    }
}
