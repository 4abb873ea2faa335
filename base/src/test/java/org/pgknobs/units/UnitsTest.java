package org.pgknobs.units;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class UnitsTest {

    @Test
    void durationsTakeDecimalsEveryUnitAndBareSeconds() {
        assertThat(Durations.parse("500ms", Durations.Zero.REJECTED)).isEqualTo(Duration.ofMillis(500));
        assertThat(Durations.parse("0.25s", Durations.Zero.REJECTED)).isEqualTo(Duration.ofMillis(250));
        assertThat(Durations.parse("30 sec", Durations.Zero.REJECTED)).isEqualTo(Duration.ofSeconds(30));
        assertThat(Durations.parse("1.5m", Durations.Zero.REJECTED)).isEqualTo(Duration.ofSeconds(90));
        assertThat(Durations.parse("2min", Durations.Zero.REJECTED)).isEqualTo(Duration.ofMinutes(2));
        assertThat(Durations.parse("1H", Durations.Zero.REJECTED)).isEqualTo(Duration.ofHours(1));
        assertThat(Durations.parse(" 45 ", Durations.Zero.REJECTED)).isEqualTo(Duration.ofSeconds(45));
    }

    @Test
    void zeroIsAcceptedOnlyWhereTheCallerAllowsIt() {
        assertThat(Durations.parse("0s", Durations.Zero.ALLOWED)).isZero();
        assertThatThrownBy(() -> Durations.parse("0s", Durations.Zero.REJECTED)).isInstanceOf(UnitException.class)
                .hasMessageContaining("positive");
        assertThatThrownBy(() -> Durations.parse("0.0001s", Durations.Zero.REJECTED)).hasMessageContaining("positive");
    }

    @Test
    void durationsRejectNegativesUnknownUnitsAndText() {
        for (String bad : new String[] {"-1s", "1d", "soon", "", "1.5.2s", "s"}) {
            assertThatThrownBy(() -> Durations.parse(bad, Durations.Zero.ALLOWED)).isInstanceOf(UnitException.class)
                    .hasMessageContaining("not a duration").hasMessageContaining("1.5m");
        }
    }

    @Test
    void sizesUsePostgresUnitsInAnyCaseAndNeedAUnit() {
        assertThat(Sizes.parse("512B")).isEqualTo(512);
        assertThat(Sizes.parse("512kB")).isEqualTo(512L << 10);
        assertThat(Sizes.parse("10 mb")).isEqualTo(10L << 20);
        assertThat(Sizes.parse("1.5GB")).isEqualTo(3L << 29);
        assertThat(Sizes.parse("2TB")).isEqualTo(2L << 40);
        assertThatThrownBy(() -> Sizes.parse("120")).hasMessageContaining("no unit").hasMessageContaining("120B");
        assertThatThrownBy(() -> Sizes.parse("12 PB")).hasMessageContaining("not a size");
        assertThatThrownBy(() -> Sizes.parse("-1GB")).hasMessageContaining("not a size");
    }
}
