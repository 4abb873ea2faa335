package org.pgknobs.report.diff;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.report.ReadSteps;
import org.pgknobs.profile.FoldedStacks;
import org.pgknobs.results.ProfileSummary;

@Tag("unit")
class ProfileDiffSectionTest {

    @TempDir
    Path tmp;

    @Test
    void printsTheFunctionsThatMovedMostEitherWayInPoints() throws Exception {
        Path a = Files.createDirectories(tmp.resolve("01-base"));
        Path b = Files.createDirectories(tmp.resolve("02-cache"));
        new FoldedStacks(Map.of("postgres;main;heap_getnext", 60L, "postgres;main;pread64", 40L)).write(a);
        new FoldedStacks(Map.of("postgres;main;heap_getnext", 30L, "postgres;main;pread64", 40L,
                "postgres;main;StrategyGetBuffer", 30L)).write(b);

        assertThat(new ProfileDiffSection().lines(ReadSteps.step(a), ReadSteps.step(b))).containsExactly(
                "self share of the server's CPU samples (100 → 100 samples):",
                "  StrategyGetBuffer +30.0 points (0.0 % → 30.0 %)",
                "  heap_getnext -30.0 points (60.0 % → 30.0 %)");
        assertThat(DiffSections.all()).anyMatch(s -> s instanceof ProfileDiffSection);
    }

    @Test
    void saysWhichStepHasNoProfileAndWhyAndNothingWhenNeitherHas() throws Exception {
        Path a = Files.createDirectories(tmp.resolve("01-base"));
        Path b = Files.createDirectories(tmp.resolve("02-cache"));
        new FoldedStacks(Map.of("postgres;main;x", 10L)).write(a);
        ProfileSummary.absent("perf is not installed (Debian: apt-get install linux-perf)").write(b);

        assertThat(new ProfileDiffSection().lines(ReadSteps.step(a), ReadSteps.step(b)))
                .containsExactly("no profile in 02-cache: perf is not installed (Debian: apt-get install linux-perf)");
        Path c = Files.createDirectories(tmp.resolve("03-none"));
        assertThat(new ProfileDiffSection().lines(ReadSteps.step(b), ReadSteps.step(c))).isEmpty();
    }
}
