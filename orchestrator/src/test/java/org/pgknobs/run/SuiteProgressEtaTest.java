package org.pgknobs.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The ETA starts from the plan and corrects itself from what the suite measured: finished runs replace the planned
 * time per run, a finished load the planned load, and runs added later (repeats: auto) count.
 */
@Tag("unit")
class SuiteProgressEtaTest {

    private final SuiteProgress progress = new SuiteProgress(new PrintStream(new ByteArrayOutputStream(), true,
            StandardCharsets.UTF_8), 3, 3, 1, Duration.ofMinutes(40), Duration.ofSeconds(10));

    @Test
    void beforeAnythingIsMeasuredTheEtaIsThePlan() {
        progress.stepStarted(1, "a", Duration.ofMinutes(4));
        assertThat(progress.eta()).as("3 runs of 4 min and one load of 40 min, less the moments since")
                .isBetween(Duration.ofMinutes(52).minusSeconds(5), Duration.ofMinutes(52));
    }

    @Test
    void aMeasuredLoadAndAMeasuredRunReplaceThePlannedOnes() {
        progress.stepStarted(1, "a", Duration.ofMinutes(4));
        progress.loadStarted();
        progress.loadFinished();
        assertThat(progress.eta()).as("the load is done: the 3 planned runs are left")
                .isBetween(Duration.ofMinutes(12).minusSeconds(5), Duration.ofMinutes(12));
        progress.stepStarted(2, "b", Duration.ofMinutes(4));
        assertThat(progress.eta()).as("run a took moments, not 4 min: so do the two left")
                .isLessThan(Duration.ofSeconds(10));
    }

    @Test
    void runsAddedLaterCount() {
        progress.stepStarted(1, "a", Duration.ofMinutes(4));
        progress.loadStarted();
        progress.loadFinished();
        Duration before = progress.eta();
        progress.runsAdded(3);
        assertThat(progress.eta().minus(before)).isBetween(Duration.ofMinutes(12).minusSeconds(5), Duration.ofMinutes(12));
    }
}
