package org.pgknobs.report.why;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.pgknobs.results.MachineFacts;

/**
 * "fsync probe 0.05 ms (fdatasync, 19000/s; one probe per suite and wal_sync_method) — WAL flushes cost almost
 * nothing here": what one WAL flush costs on this machine, said where it shapes the comparison: when it is so
 * cheap ({@value #CHEAP_MS} ms or less: a volatile write cache, tmpfs) that WAL settings cost little, or so dear
 * ({@value #DEAR_MS} ms or more) that a commit waits on it. In between it is ordinary and the rule is silent.
 * Silent with fsync=off (nothing is flushed); with synchronous_commit=off it says that commits do not wait for it.
 */
public final class FsyncCost implements WhyRule {

    static final double CHEAP_MS = 0.1;
    static final double DEAR_MS = 2;

    @Override
    public Optional<Reason> explain(WhyInput input) {
        MachineFacts.Fsync f = input.fsync();
        boolean flushes = !input.setting("fsync").map(FsyncCost::off).orElse(false);
        boolean commitsWait = !input.setting("synchronous_commit").map(FsyncCost::off).orElse(false);
        if (f == null || f.ops() == 0 || !flushes || (f.meanMs() > CHEAP_MS && f.meanMs() < DEAR_MS)) {
            return Optional.empty();
        }
        String effect = !commitsWait ? "commits do not wait for it here (synchronous_commit=off)"
                : f.meanMs() <= CHEAP_MS ? "WAL flushes cost almost nothing here"
                : "a commit waits for its WAL flush, about this long";
        return Optional.of(new Reason("fsync-cost", String.format(Locale.ROOT,
                "fsync probe %s ms (%s, %s/s; one probe per suite and wal_sync_method) — %s", Numbers.brief(f.meanMs()),
                f.method(), Numbers.brief(f.opsPerSecond()), effect),
                List.of("machine.fsync", "settings.fsync", "settings.synchronous_commit")));
    }

    private static boolean off(String value) {
        String v = value.strip().toLowerCase(Locale.ROOT);
        return v.equals("off") || v.equals("false") || v.equals("0") || v.equals("no");
    }
}
