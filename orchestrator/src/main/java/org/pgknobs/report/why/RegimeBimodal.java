package org.pgknobs.report.why;

import java.util.List;
import java.util.Optional;
import org.pgknobs.results.RegimeGroups;
import org.pgknobs.results.RegimeShift;

/**
 * "bimodal: r1, r3 tuple-level; r2 relation-level on district; the interval is over all 3 repeats; tuple-level in 2
 * of 3 repeats against 3 of 3 in base (Fisher's exact test of the shares: p 1.00); within tuple-level: ×1.02 [...]":
 * fires when a step's repeats, or those of the step it is compared with, fell into different SERIALIZABLE regimes
 * ({@link org.pgknobs.results.RunRegime}). The interval that marks is over every repeat; the line gives each
 * regime's share on both sides, Fisher's exact test of whether the step changed them, and the within-regime
 * slowdowns where each side has 2 repeats in a regime ({@link RegimeShift}, docs/tpcc.md "Two regimes").
 */
public final class RegimeBimodal implements WhyRule {

    @Override
    public Optional<Reason> explain(WhyInput input) {
        RegimeGroups groups = input.regimeRepeats();
        RegimeShift shift = input.regimeShift();
        if ((groups == null || !groups.bimodal()) && shift == null) {
            return Optional.empty();
        }
        int repeats = groups == null ? 0 : groups.groups().values().stream().mapToInt(List::size).sum();
        String text = (groups == null ? "" : groups.describe() + "; ")
                + (groups != null && groups.bimodal() ? "the interval is over all " + repeats + " repeats" : "")
                + (shift == null ? "" : (groups != null && groups.bimodal() ? "; " : "") + shift.sentence());
        return Optional.of(new Reason("regime-bimodal", text, List.of("siread_locks", "table_scans")));
    }
}
