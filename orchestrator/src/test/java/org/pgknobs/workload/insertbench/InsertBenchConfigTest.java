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
}
