package org.pgknobs.report;

import java.util.List;
import org.pgknobs.report.why.Steadiness;
import org.pgknobs.stats.SteadyState;
import org.pgknobs.stats.SteadyStateCheck;

/** The steady-state check of every measured repeat of a step, on its window's per-second throughput. */
final class WindowSteadiness {

    private static final SteadyStateCheck CHECK = SteadyStateCheck.defaults();

    private WindowSteadiness() {
    }

    /** Null when no repeat has a window long enough to test. */
    static Steadiness of(List<StepRun> runs) {
        int tested = 0;
        int notSteady = 0;
        SteadyState largest = null;
        Integer repeat = null;
        for (StepRun r : runs) {
            if (!r.measured()) {
                continue;
            }
            SteadyState s = CHECK.test(r.perSecond().stream().mapToDouble(StepRun.Point::y).toArray());
            if (s.verdict() == SteadyState.Verdict.TOO_SHORT) {
                continue;
            }
            tested++;
            if (!s.steady()) {
                notSteady++;
                if (largest == null || Math.abs(s.relativeChange()) > Math.abs(largest.relativeChange())) {
                    largest = s;
                    repeat = r.repeat();
                }
            }
        }
        if (tested == 0) {
            return null;
        }
        return new Steadiness(SteadyState.METHOD, tested, notSteady, largest == null ? null : largest.relativeChange(),
                largest == null ? null : largest.pValue(), repeat);
    }
}
