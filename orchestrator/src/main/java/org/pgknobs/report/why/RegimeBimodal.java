package org.pgknobs.report.why;

import java.util.List;
import java.util.Optional;
import org.pgknobs.results.RegimeGroups;

/**
 * "bimodal: r1, r3 tuple-level; r2 relation-level on district; the interval is over r1, r3": fires when a step's
 * repeats fell into different SERIALIZABLE regimes ({@link org.pgknobs.results.RunRegime}), saying over which
 * repeats its interval was computed (those of the majority regime) or that it has none (an even split).
 */
public final class RegimeBimodal implements WhyRule {

    @Override
    public Optional<Reason> explain(WhyInput input) {
        RegimeGroups groups = input.regimeRepeats();
        if (groups == null || !groups.bimodal()) {
            return Optional.empty();
        }
        String interval = groups.majority().map(m -> "the interval is over " + String.join(", ", groups.groups().get(m))
                + " (" + m + ", the majority regime)").orElse("no regime holds most repeats, so no interval");
        return Optional.of(new Reason("regime-bimodal", groups.describe() + "; " + interval,
                List.of("siread_locks", "table_scans")));
    }
}
