package org.pgknobs.report.why;

import java.util.List;
import java.util.Optional;

/** The rules a report applies to every measured step, in the order their sentences are printed. */
public final class WhyRules {

    private WhyRules() {
    }

    public static List<WhyRule> standard() {
        return List.of(new CheckpointPressure(), new HitRatioDrop(), new WalPerTransaction(), new AutovacuumChurn(),
                new DominantWait());
    }

    public static List<Reason> explain(WhyInput input) {
        return standard().stream().map(r -> r.explain(input)).flatMap(Optional::stream).toList();
    }
}
