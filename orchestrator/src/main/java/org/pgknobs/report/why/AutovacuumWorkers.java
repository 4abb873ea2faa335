package org.pgknobs.report.why;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.pgknobs.collector.AutovacuumActivity;

/**
 * "autovacuum workers on order_line for 64 % of the window (vacuuming indexes; 2 runs started, 0 finished)":
 * fires when workers spent {@value #MIN_SHARE_PERCENT} % of the window or more on one table, read from the
 * workers sampled every round. {@link AutovacuumChurn} counts finished runs; this one sees the long runs that
 * never finish inside a window.
 */
public final class AutovacuumWorkers implements WhyRule {

    static final double MIN_SHARE_PERCENT = 20;
    /** Tables named at most; the busiest first. */
    static final int TABLES = 2;

    @Override
    public Optional<Reason> explain(WhyInput input) {
        AutovacuumActivity a = input.autovacuum();
        if (a == null) {
            return Optional.empty();
        }
        List<AutovacuumActivity.Table> busy = a.tables().stream()
                .filter(t -> 100 * t.share() >= MIN_SHARE_PERCENT).limit(TABLES).toList();
        if (busy.isEmpty()) {
            return Optional.empty();
        }
        String tables = String.join(" and ", busy.stream().map(t -> String.format(Locale.ROOT, "%s for %.0f %%",
                t.table(), 100 * t.share())).toList());
        String phase = busy.get(0).furthestPhase() == null ? "" : busy.get(0).furthestPhase() + "; ";
        return Optional.of(new Reason("autovacuum-workers",
                "autovacuum workers on " + tables + " of the window (" + phase + "runs: "
                        + a.runsText() + ")",
                List.of("autovacuum")));
    }
}
