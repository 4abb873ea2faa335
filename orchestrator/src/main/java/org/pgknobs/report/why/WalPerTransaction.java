package org.pgknobs.report.why;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * "WAL per committed transaction ×3.1 against wal (8.5 → 26 kB; full-page images 12 % → 64 % of records)":
 * fires when the window's WAL bytes ÷ the transactions the workload committed moved by a factor of
 * {@value #MIN_FACTOR} or more either way against the compared step. It divides by committed transactions
 * (not pg_stat_database's commits + rollbacks), so a higher failure share alone does not move it; silent when
 * either step committed none. The full-page-image share is named only when it rose by
 * {@value #MIN_FPI_RISE_POINTS} points or more against the compared step: only then can it be part of the cause.
 */
public final class WalPerTransaction implements WhyRule {

    static final double MIN_FACTOR = 1.5;
    static final double MIN_FPI_RISE_POINTS = 5;

    @Override
    public boolean comparative() {
        return true;
    }

    @Override
    public Optional<Reason> explain(WhyInput input) {
        Double now = perCommitted(input.walBytes(), input.committed());
        Double before = perCommitted(input.comparedWalBytes(), input.comparedCommitted());
        if (now == null || before == null || before <= 0 || now <= 0) {
            return Optional.empty();
        }
        double factor = now / before;
        if (factor < MIN_FACTOR && factor > 1 / MIN_FACTOR) {
            return Optional.empty();
        }
        StringBuilder text = new StringBuilder(String.format(Locale.ROOT,
                "WAL per %s ×%s against %s (%s → %s kB", unit(input), Numbers.brief(factor), input.comparedName(),
                Numbers.brief(before / 1e3), Numbers.brief(now / 1e3)));
        Double fpi = input.fpiShare();
        Double fpiBefore = input.comparedFpiShare();
        if (fpi != null && fpiBefore != null && (fpi - fpiBefore) * 100 >= MIN_FPI_RISE_POINTS) {
            text.append("; full-page images ").append(Numbers.percent(fpiBefore)).append(" → ")
                    .append(Numbers.percent(fpi)).append(" of records");
        }
        text.append(')');
        return Optional.of(new Reason("wal-per-transaction", Comparative.worded(input, text.toString()),
                List.of("walBytes", "committed", "compared.walBytes", "compared.committed", "fpiShare",
                        "compared.fpiShare", "vsCompared.interval")));
    }

    /** "row" for the insert benchmark (its driver counts inserted rows as transactions), else "committed transaction". */
    private static String unit(WhyInput input) {
        return "row".equals(input.evidence().unit()) ? "row" : "committed transaction";
    }

    private static Double perCommitted(Double bytes, Long committed) {
        return bytes == null || committed == null || committed <= 0 ? null : bytes / committed;
    }
}
