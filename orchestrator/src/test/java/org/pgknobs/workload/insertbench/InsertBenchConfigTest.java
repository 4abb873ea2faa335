package org.pgknobs.workload.insertbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.pgknobs.BadInputException;

@Tag("unit")
class InsertBenchConfigTest {

    @Test
    void publishedProfileUsesHisEightClientsAndThreeRates() {
        InsertBenchConfig p = InsertBenchConfig.published();
        assertThat(p.clients()).isEqualTo(8);
        assertThat(p.queryRates()).containsExactly(100, 500, 1000);
        assertThat(p.initialRows()).isGreaterThan(InsertBenchConfig.defaults().initialRows());
        assertThat(InsertBenchConfig.tiny().initialRows()).isLessThan(InsertBenchConfig.defaults().initialRows());
    }

    @Test
    void rejectsSizesThatCannotRunWithTheYamlKeyInTheMessage() {
        assertThatThrownBy(() -> new InsertBenchConfig(0, 10, 10, 10, 1, List.of(100)))
                .isInstanceOf(BadInputException.class).hasMessageContaining("clients");
        assertThatThrownBy(() -> new InsertBenchConfig(1, 10, 10, 10, 0, List.of(100)))
                .isInstanceOf(BadInputException.class).hasMessageContaining("query_seconds");
        assertThatThrownBy(() -> new InsertBenchConfig(1, 10, 10, 10, 1, List.of(100, 0)))
                .isInstanceOf(BadInputException.class).hasMessageContaining("query_rates");
    }

    @Test
    void phaseNamesFollowTheConfiguredRatesAndSkipEmptyInsertPhases() {
        InsertBenchWorkload w = new InsertBenchWorkload(new InsertBenchConfig(1, 10, 0, 5, 1, List.of(7)));
        assertThat(w.phaseNames()).containsExactly("l.i0", "l.x", "l.i2", "qr7", "qp7");
    }

    @Test
    void cleanUpWaitIsHisFormulaUnlessGiven() {
        // iq.sh vac_pg: 60 s + 1 s per million rows loaded (all tables), at most 1200 s, rounded as awk's %.0f
        assertThat(InsertBenchConfig.hisCleanupWait(500_000)).isEqualTo(60);
        assertThat(InsertBenchConfig.hisCleanupWait(8 * 20_000_000L)).isEqualTo(220);
        assertThat(InsertBenchConfig.hisCleanupWait(5_000_000_000L)).isEqualTo(1200);
        assertThat(InsertBenchConfig.published().cleanupWait()).isEqualTo(220);
        assertThat(InsertBenchConfig.tiny().cleanupWait()).isEqualTo(1);
        assertThatThrownBy(() -> InsertBenchConfig.tiny().withCleanupWait(-1))
                .isInstanceOf(BadInputException.class).hasMessageContaining("cleanup_wait");
    }

    @Test
    void may2023HasNeitherL2NorPointSteps() {
        InsertBenchWorkload w = new InsertBenchWorkload(new InsertBenchConfig(1, 10, 5, 5, 1, List.of(7, 8))
                .withVariant(InsertBenchVariant.MAY2023));
        assertThat(w.phaseNames()).containsExactly("l.i0", "l.x", "l.i1", "qr7", "qr8");
        assertThat(InsertBenchVariant.parse("MAY2023", "--variant")).isEqualTo(InsertBenchVariant.MAY2023);
        assertThatThrownBy(() -> InsertBenchVariant.parse("2024", "--variant"))
                .isInstanceOf(BadInputException.class).hasMessageContaining("current or may2023");
    }

    @Test
    void estimatedRunTimeAddsTheWritesAtTheFittedRatesTheFixedWaitsAndTheQuerySteps() {
        // cx7a fit, May 2023: l.i0 2M rows / 150k + l.x 2M / 600k + l.i1 3M / 50k = 13.3 + 3.3 + 60 -> 77 s; no l.i2;
        // two 5 s pauses before qr500 and qr1000 = 20 s; qr only: 3 x 5 s = 15 s. Measured: 110 s for the base.
        InsertBenchConfig fit = new InsertBenchConfig(2, 1_000_000, 1_500_000, 50_000, 5, List.of(100, 500, 1000),
                InsertBenchVariant.MAY2023, 10, null);
        assertThat(fit.estimatedRunTime()).hasSeconds(77 + 20 + 15);
        // His published sizes, today: 160M / 150k + 160M / 600k + 400M / 50k + 80M / 12k = 16,000 s of writes,
        // the 220 s clean-up, qr and qp at 3 rates of 1800 s = 10,800 s
        assertThat(InsertBenchConfig.published().estimatedRunTime()).hasSeconds(16_000 + 220 + 10_800);
    }
}
