package org.pgknobs.overlay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.pgknobs.BadInputException;

class ConnectionBudgetTest {

    @Test
    void aPlanThatFitsLeavesMaxConnectionsAlone() {
        ConnectionBudget.Decision d = ConnectionBudget.fit(90, 100, 3, 0, false);
        assertThat(d.raised()).isFalse();
        assertThat(d.maxConnections()).isEqualTo(100);
        assertThat(d.required()).isEqualTo(95);
        assertThat(d.note()).isEmpty();
    }

    @Test
    void aPlanThatDoesNotFitRaisesMaxConnectionsAndSaysWhy() {
        ConnectionBudget.Decision d = ConnectionBudget.fit(100, 100, 3, 2, false);
        assertThat(d.raised()).isTrue();
        assertThat(d.maxConnections()).isEqualTo(107);
        assertThat(d.note()).contains("raised max_connections from 100 to 107")
                .contains("100 terminals").contains("3 superuser_reserved_connections").contains("2 reserved_connections");
    }

    @Test
    void anExplicitMaxConnectionsThatIsTooSmallIsAnError() {
        assertThatThrownBy(() -> ConnectionBudget.fit(100, 100, 3, 0, true))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("max_connections = 100 is too small")
                .hasMessageContaining("at least 105");
    }

    @Test
    void exactlyFullIsEnough() {
        assertThat(ConnectionBudget.fit(95, 100, 3, 0, true).raised()).isFalse();
    }
}
