package org.pgknobs.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("unit")
class FoldedStacksTest {

    private static final FoldedStacks BEFORE = FoldedStacks.parse("""
            postgres;main;ExecScan;heap_getnext 6
            postgres;main;ExecScan;ExecScan 2
            postgres;main;ReadBuffer;pread64 2
            """);
    private static final FoldedStacks AFTER = FoldedStacks.parse("""
            postgres;main;ExecScan;heap_getnext 2
            postgres;main;ReadBuffer;StrategyGetBuffer 5
            postgres;main;ReadBuffer;pread64 3
            """);

    @Test
    void selfShareIsTheLeafsAndTotalShareCountsARecursiveFunctionOncePerStack() {
        assertThat(BEFORE.selfShares()).containsEntry("heap_getnext", 0.6).containsEntry("ExecScan", 0.2)
                .doesNotContainKey("postgres");
        assertThat(BEFORE.totalShares()).containsEntry("ExecScan", 0.8).containsEntry("main", 1.0)
                .doesNotContainKey("postgres");
    }

    @Test
    void theDiffNamesTheFunctionsThatGainedShareInPoints() {
        var gains = ProfileDiff.gains(BEFORE, AFTER, 5, 3);

        assertThat(gains).extracting(ProfileDiff.Shift::function).containsExactly("StrategyGetBuffer", "pread64");
        assertThat(gains.get(0).points()).isCloseTo(50, within(1e-9));
        assertThat(gains.get(1).text()).isEqualTo("pread64 +10.0 points (20.0 % → 30.0 %)");
        assertThat(ProfileDiff.shifts(BEFORE, AFTER).get(0).function()).isIn("heap_getnext", "StrategyGetBuffer");
    }

    @Test
    void theFileRoundTripsMostSamplesFirst(@TempDir Path dir) {
        AFTER.write(dir);

        FoldedStacks back = FoldedStacks.read(dir).orElseThrow();
        assertThat(back).isEqualTo(AFTER);
        assertThat(back.text()).startsWith("postgres;main;ReadBuffer;StrategyGetBuffer 5\n");
        assertThat(FoldedStacks.read(dir.resolve("nowhere"))).isEmpty();
    }

    @Test
    void aLineWithoutACountIsABrokenFileNamedByItsLine() {
        assertThatThrownBy(() -> FoldedStacks.parse("a;b 1\na;b;c\n")).hasMessageContaining("line 2");
    }
}
