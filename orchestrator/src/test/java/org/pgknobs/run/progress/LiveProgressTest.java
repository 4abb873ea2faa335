package org.pgknobs.run.progress;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.workload.LiveSecond;

/** The live lines from crafted seconds: what each figure is, when a line comes, and what quiet leaves out. */
@Tag("unit")
class LiveProgressTest {

    private final List<String> console = new ArrayList<>();

    @Test
    void everyTenSecondsALineWithTheLastTenSecondsRateTheTotalsTheirP95AndTheSteadinessSoFar(@TempDir Path dir)
            throws Exception {
        LiveProgress live = new LiveProgress(console::add, List.of(dir.resolve("a.log")), "cache-8mb r2",
                LiveOptions.defaults());
        for (int s = 1; s <= 30; s++) {
            // 10 ms for 100 requests a second, except the last 10 s: 100 requests at 1..100 ms, 200 a second
            live.second(s <= 20 ? second("tpcc", false, s, 1, 100, 2, 10, 10) : second("tpcc", false, s, 1, 200, 0, 1, 100));
        }
        assertThat(console).hasSize(3);
        assertThat(console.get(0)).isEqualTo("tpcc warm-up 10 s: 100 tx/s now (last 10 s), 1,000 committed, 20 failed, "
                + "p95 10.0 ms, steady so far: too short (10 of 20 s)");
        assertThat(console.get(1)).startsWith("tpcc warm-up 20 s: 100 tx/s now (last 10 s), 2,000 committed, 40 failed, "
                + "p95 10.0 ms, steady so far (p ");
        assertThat(console.get(2)).startsWith("tpcc warm-up 30 s: 200 tx/s now (last 10 s), 4,000 committed, 40 failed, "
                + "p95 95.").contains("not steady so far: +100 % first to last segment");
        List<String> file = Files.readAllLines(dir.resolve("a.log"));
        assertThat(file).hasSize(3);
        assertThat(file.get(0)).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ cache-8mb r2 \\Q" + console.get(0) + "\\E");
    }

    @Test
    void aNewPhaseStartsItsOwnCountsAndALateSecondCountsAsTheSecondsItCovers(@TempDir Path dir) {
        LiveProgress live = new LiveProgress(console::add, List.of(dir.resolve("a.log")), "s",
                new LiveOptions(Duration.ofSeconds(2), false));
        live.second(second("tpcc", false, 1, 1, 50, 0, 5, 5));
        live.second(second("tpcc", false, 2, 1, 50, 0, 5, 5));
        live.second(second("tpcc", true, 1, 1, 70, 1, 5, 5));
        live.second(second("tpcc", true, 3, 2, 140, 0, 5, 5)); // the ticking thread was a second late
        assertThat(console).containsExactly(
                "tpcc warm-up 2 s: 50 tx/s now (last 2 s), 100 committed, 0 failed, p95 5.0 ms, steady so far: too short (2 of 20 s)",
                "tpcc 3 s: 70 tx/s now (last 2 s), 210 committed, 1 failed, p95 5.0 ms, steady so far: too short (3 of 20 s)");
    }

    @Test
    void quietPrintsNothingAndStillWritesEveryFile(@TempDir Path dir) throws Exception {
        LiveProgress live = new LiveProgress(null, List.of(dir.resolve("step.log"), dir.resolve("suite.log")), "s",
                new LiveOptions(Duration.ofSeconds(1), true));
        live.second(second("l.i1", true, 1, 1, 5000, 0, 2, 2));
        assertThat(console).isEmpty();
        assertThat(dir.resolve("step.log")).content().contains("s l.i1 1 s: 5,000 rows/s now");
        assertThat(dir.resolve("suite.log")).hasSameTextualContentAs(dir.resolve("step.log"));
    }

    /** {@code committed} requests with latencies spread evenly over [fromMs, toMs]. */
    private static LiveSecond second(String phase, boolean measured, int second, int seconds, long committed, long failed,
                                     int fromMs, int toMs) {
        Histogram h = new Histogram(2);
        for (long i = 0; i < committed; i++) {
            h.recordValue(1000L * (fromMs + (toMs - fromMs) * i / Math.max(1, committed - 1)));
        }
        return new LiveSecond(phase, measured, second, seconds, phase.startsWith("l.") ? "rows" : "tx", committed,
                committed, failed, h);
    }
}
