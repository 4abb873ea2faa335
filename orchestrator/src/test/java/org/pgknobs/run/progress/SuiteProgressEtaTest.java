package org.pgknobs.run.progress;

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

    @Test
    void runsThatMayFollowAreNamedUntilTheRoundsStop() {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        SuiteProgress auto = new SuiteProgress(new PrintStream(printed, true, StandardCharsets.UTF_8), 3, 3, 0,
                Duration.ZERO, Duration.ofSeconds(10));
        auto.mayAdd(3);
        auto.stepStarted(1, "a", Duration.ofMinutes(4));
        assertThat(auto.etaWithAllRounds().minus(auto.eta())).as("3 more runs of 4 min (two readings of the clock)")
                .isBetween(Duration.ofMinutes(12), Duration.ofMinutes(12).plusSeconds(1));
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains(" if 3 more runs follow)");
        auto.runsAdded(2);
        assertThat(auto.etaWithAllRounds().minus(auto.eta())).as("2 of the 3 added: 1 may follow")
                .isBetween(Duration.ofMinutes(4), Duration.ofMinutes(4).plusSeconds(1));
        auto.runsAdded(0);
        assertThat(auto.etaWithAllRounds().minus(auto.eta())).as("the rounds stopped").isLessThan(Duration.ofSeconds(1));
        printed.reset();
        auto.stepStarted(2, "b", Duration.ofMinutes(4));
        assertThat(printed.toString(StandardCharsets.UTF_8)).doesNotContain("follow");
    }
}
