package org.pgknobs.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.pgknobs.BadInputException;

@Tag("unit")
class BisectValuesTest {

    @Test
    void aRangeOfSizesStepsByTwoWithItsUpperEndLast() {
        assertThat(BisectValues.parse(List.of("128kB..64MB"))).containsExactly("128kB", "256kB", "512kB", "1MB", "2MB",
                "4MB", "8MB", "16MB", "32MB", "64MB");
        assertThat(BisectValues.parse(List.of("8MB..10GB"))).containsExactly("8MB", "16MB", "32MB", "64MB", "128MB",
                "256MB", "512MB", "1GB", "2GB", "4GB", "8GB", "10GB");
        assertThat(BisectValues.parse(List.of("10..100"))).containsExactly("10", "20", "40", "80", "100");
    }

    @Test
    void aListKeepsItsOrderAndSizesMustGrowAlongIt() {
        assertThat(BisectValues.parse(List.of("8MB", "64MB", "1GB"))).containsExactly("8MB", "64MB", "1GB");
        assertThat(BisectValues.parse(List.of("off", "on"))).containsExactly("off", "on");
        assertThatThrownBy(() -> BisectValues.parse(List.of("64MB", "8MB"))).isInstanceOf(BadInputException.class)
                .hasMessage("--values 64MB,8MB: 8MB does not come after 64MB. Fix: write the values from the smallest "
                        + "to the largest");
    }

    @Test
    void aRangeNotOrderedOrOfMixedKindsIsBadInputWithItsFix() {
        assertThatThrownBy(() -> BisectValues.parse(List.of("64MB..128kB"))).isInstanceOf(BadInputException.class)
                .hasMessage("--values 64MB..128kB: the range is not ordered: 64MB is not below 128kB. Fix: --values "
                        + "128kB..64MB the other way round, smallest first");
        assertThatThrownBy(() -> BisectValues.parse(List.of("8MB..100"))).isInstanceOf(BadInputException.class)
                .hasMessageContaining("both sizes");
        assertThatThrownBy(() -> BisectValues.parse(List.of("8MB"))).isInstanceOf(BadInputException.class)
                .hasMessageContaining("at least two values");
    }
}
