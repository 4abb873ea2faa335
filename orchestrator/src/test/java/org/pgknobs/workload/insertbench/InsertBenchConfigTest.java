package org.pgknobs.workload.insertbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.pgknobs.BadInputException;

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
}
