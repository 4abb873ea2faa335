package org.pgknobs.overlay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.pgknobs.BadInputException;

@Tag("unit")
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

    private static final SettingsCatalog CATALOG = new SettingsCatalog(List.of(
            SettingValueTest.integer("max_connections", "100", null, "1", "262143"),
            SettingValueTest.integer("superuser_reserved_connections", "3", null, "0", "262143"),
            SettingValueTest.integer("reserved_connections", "0", null, "0", "262143")));

    @Test
    void aSettingsMapWithoutMaxConnectionsGetsARaisedOneAddedFromTheServersValues() {
        ConnectionBudget.Fitted f = ConnectionBudget.fit(128, Map.of("work_mem", "8MB"), CATALOG);
        assertThat(f.decision().raised()).isTrue();
        assertThat(f.settings()).containsEntry("max_connections", 133).containsEntry("work_mem", "8MB");
    }

    @Test
    void reservedSlotsFromTheMapCountAndAnExplicitMaxConnectionsIsNeverRaised() {
        assertThatThrownBy(() -> ConnectionBudget.fit(90, Map.of("max_connections", "100", "reserved_connections", "8"), CATALOG))
                .isInstanceOf(BadInputException.class).hasMessageContaining("at least 103");
        assertThat(ConnectionBudget.fit(90, Map.of("max_connections", 200), CATALOG).settings())
                .containsEntry("max_connections", 200);
    }
}
