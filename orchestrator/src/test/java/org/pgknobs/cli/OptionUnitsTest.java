package org.pgknobs.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.pgknobs.units.Durations;

/** Options read durations and sizes in the one grammar; errors name the option; exit 2 before any work. */
@Tag("unit")
class OptionUnitsTest {

    @Test
    void benchDurationsAreWholeSecondsInTheSharedGrammar() {
        assertThat(OptionUnits.seconds("30s", "--duration", Durations.Zero.REJECTED)).isEqualTo(30);
        assertThat(OptionUnits.seconds("1.5m", "--duration", Durations.Zero.REJECTED)).isEqualTo(90);
        assertThat(OptionUnits.seconds("45", "--duration", Durations.Zero.REJECTED)).isEqualTo(45);
        assertThat(OptionUnits.seconds("1h", "--duration", Durations.Zero.REJECTED)).isEqualTo(3600);
        assertThat(OptionUnits.seconds("0s", "--warmup", Durations.Zero.ALLOWED)).isZero();
        assertThatThrownBy(() -> OptionUnits.seconds("0s", "--duration", Durations.Zero.REJECTED))
                .hasMessageContaining("--duration").hasMessageContaining("positive");
        assertThatThrownBy(() -> OptionUnits.seconds("1500ms", "--duration", Durations.Zero.REJECTED))
                .hasMessageContaining("whole seconds");
    }

    @Test
    void intervalsAndSizesNameTheOption() {
        assertThat(OptionUnits.duration("1.5m", "--collector-interval", Durations.Zero.REJECTED))
                .isEqualTo(Duration.ofSeconds(90));
        assertThatThrownBy(() -> OptionUnits.duration("soon", "--interval", Durations.Zero.REJECTED))
                .hasMessageStartingWith("--interval 'soon' is not a duration");
        assertThat(OptionUnits.size("1.5GB", "--assume-free-space")).isEqualTo(3L << 29);
        assertThatThrownBy(() -> OptionUnits.size("10", "--assume-free-space"))
                .hasMessageContaining("--assume-free-space").hasMessageContaining("no unit");
    }

    @Test
    void badDurationsExitWithBadInputBeforeAnyServerStarts() {
        assertThat(Main.execute("bench", "tpcc", "--duration", "soon")).isEqualTo(Main.BAD_INPUT);
        assertThat(Main.execute("bench", "tpcc", "--duration", "0s")).isEqualTo(Main.BAD_INPUT);
    }
}
