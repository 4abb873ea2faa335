package org.pgknobs.run;

import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import org.pgknobs.experiment.plan.PlannedStep;
import org.pgknobs.overlay.OverlayResult;
import org.pgknobs.results.StepResult;
import org.pgknobs.results.StepStatus;
import org.pgknobs.results.WorkloadResult;

/** The status rules: what a step's end (an error, a result, the step's {@code expect: fail}) makes of it. */
final class StepVerdict {

    private StepVerdict() {
    }

    /** Decides the status from what happened and what the step expected. */
    static StepResult of(PlannedStep step, int repeat, Instant started, OverlayResult overlay,
                         Map<String, Double> seconds, WorkloadResult result, String error) {
        boolean failed = error != null || (result != null && result.headline().goodput() == 0 && result.headline().failed() > 0);
        String why = error != null ? error
                : failed ? "no transaction succeeded (" + result.headline().failed() + " failed)" : null;
        Object lastError = result == null ? null : result.headline().details().get("last_error");
        if (step.expectFail().isPresent() && !failed && lastError != null
                && lastError.toString().toLowerCase(Locale.ROOT)
                        .contains(step.expectFail().get().toLowerCase(Locale.ROOT))) {
            // The server refused part of the work with the very error the step probes for (e.g. 128kB of
            // shared_buffers: "no unpinned buffers available"): that is the outcome, not the throughput.
            return result(step, repeat, StepStatus.FAILED_AS_EXPECTED, "expected (" + step.expectFail().get() + "): "
                    + result.headline().failed() + " of " + result.headline().completed() + " requests failed, e.g. "
                    + lastError, started, overlay, seconds, result);
        }
        if (step.expectFail().isPresent()) {
            if (failed) {
                return result(step, repeat, StepStatus.FAILED_AS_EXPECTED,
                        "expected (" + step.expectFail().get() + "): " + why, started, overlay, seconds, result);
            }
            return result(step, repeat, StepStatus.DONE, "expected to fail (" + step.expectFail().get()
                    + ") but did not", started, overlay, seconds, result);
        }
        return result(step, repeat, failed ? StepStatus.FAILED : StepStatus.DONE, why, started, overlay, seconds, result);
    }

    static StepResult result(PlannedStep step, int repeat, StepStatus status, String reason, Instant started,
                             OverlayResult overlay, Map<String, Double> seconds, WorkloadResult result) {
        int verified = overlay == null ? 0 : (int) overlay.settings().stream().filter(s -> s.verified()).count();
        return new StepResult(step.index(), step.name(), repeat, status, reason, started, Instant.now(),
                new StepResult.Settings(overlay != null && overlay.restarted(), step.settings().size(), verified),
                seconds, result, null);
    }
}
