package org.pgknobs.report.why;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.profile.FoldedStacks;
import org.pgknobs.report.ReadSteps;

@Tag("unit")
class ServerCpuMovedTest {

    @TempDir
    Path tmp;

    private Path step(String name, Map<String, Long> stacks) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(name));
        new FoldedStacks(stacks).write(dir);
        return dir;
    }

    private static Optional<Reason> explain(Path step, Path compared) {
        // throughput differs (the why-gate): the shift test may speak
        return new ServerCpuMoved().explain(new WhyInput(null, Optional.empty(), Map.of(), new Evidence(null, "tpcc", null,
                null, null, null, new Evidence.Noise("base", 1.5, 1.3, 1.7, 3, 3)), ReadSteps.captures(step, compared)));
    }

    @Test
    void namesTheFunctionsThatGainedShareWithTheirPointsAndTheFoldedFileAsSource() throws Exception {
        Path before = step("01-base", Map.of("postgres;main;ExecScan;heap_getnext", 300L, "postgres;main;ReadBuffer;pread64", 100L));
        Path after = step("02-cache", Map.of("postgres;main;ExecScan;heap_getnext", 180L,
                "postgres;main;ReadBuffer;StrategyGetBuffer", 120L, "postgres;main;ReadBuffer;pread64", 100L));

        Reason r = explain(after, before).orElseThrow();

        assertThat(r.text()).startsWith("server CPU moved to StrategyGetBuffer (+30.0 points, 0.0 % → 30.0 %)")
                .doesNotContain("heap_getnext").doesNotContain("pread64");
        assertThat(r.figures()).containsExactly("profile.folded", "compared.profile.folded", "vsCompared.interval");
    }

    @Test
    void staysSilentWhenNoGainPassesTheZTest() throws Exception {
        Path before = step("01-base", Map.of("postgres;main;a", 300L, "postgres;main;b", 100L));
        Path after = step("02-next", Map.of("postgres;main;a", 290L, "postgres;main;b", 110L));

        assertThat(explain(after, before)).isEmpty();
    }

    @Test
    void staysSilentOnProfilesTooSmallToTellFivePointsFromNoise() throws Exception {
        Path before = step("01-base", Map.of("postgres;main;a", 150L));
        Path after = step("02-next", Map.of("postgres;main;b", 150L));

        assertThat(explain(after, before)).isEmpty();
    }

    @Test
    void staysSilentWithoutAProfileOrWithoutAComparedStep() throws Exception {
        Path with = step("02-next", Map.of("postgres;main;b", 400L));
        Path without = Files.createDirectories(tmp.resolve("01-base"));

        assertThat(explain(with, without)).isEmpty();
        assertThat(explain(with, null)).isEmpty();
        assertThat(explain(null, with)).isEmpty();
        assertThat(new ServerCpuMoved().explain(new WhyInput(null, Optional.empty(), Map.of()))).isEmpty();
    }
}
