package org.pgknobs.report.why;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.pgknobs.collector.Derived;
import org.pgknobs.collector.Rate;

/**
 * "WAL per transaction ×3.1 (full-page images in 64 % of records)": fires when WAL bytes per transaction
 * moved by a factor of {@value #MIN_FACTOR} or more either way against the baseline step. Silent when no
 * transaction committed in the window (nothing to divide by).
 */
public final class WalPerTransaction implements WhyRule {

    static final double MIN_FACTOR = 1.5;

    @Override
    public Optional<Reason> explain(WhyInput input) {
        if (Long.valueOf(0).equals(input.evidence().successful())) {
            // pg_stat_database counts failed attempts as transactions: with none committed there is no per-transaction figure
            return Optional.empty();
        }
        Double now = perTransaction(input.step().wal().bytes());
        Double before = input.baseline().map(Derived::wal).map(Derived.Wal::bytes).map(WalPerTransaction::perTransaction).orElse(null);
        if (now == null || before == null || before <= 0 || now <= 0) {
            return Optional.empty();
        }
        double factor = now / before;
        if (factor < MIN_FACTOR && factor > 1 / MIN_FACTOR) {
            return Optional.empty();
        }
        List<String> figures = new ArrayList<>(List.of("walBytes.perTransaction", "baseline.walBytes.perTransaction"));
        StringBuilder text = new StringBuilder("WAL per transaction ×" + Numbers.brief(factor));
        if (input.step().wal().fpiShare() != null) {
            text.append(String.format(Locale.ROOT, " (full-page images in %s of records)",
                    Numbers.percent(input.step().wal().fpiShare())));
            figures.add("fpiShare");
        }
        return Optional.of(new Reason("wal-per-transaction", text.toString(), figures));
    }

    private static Double perTransaction(Rate r) {
        return r == null ? null : r.perTransaction();
    }
}
