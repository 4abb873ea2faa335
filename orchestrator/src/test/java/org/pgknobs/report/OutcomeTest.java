package org.pgknobs.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The failed-by-SQLSTATE figure: final errors, then the attempts that failed with 40001 and were retried (the quick
 * baseline's cell read 0 while 62.8 % of its attempts had failed with 40001).
 */
@Tag("unit")
class OutcomeTest {

    private static Outcome outcome(Map<String, Long> errors, Long retries, long completed) {
        return new Outcome(completed, retries == null ? completed : completed + retries, errors, retries,
                "TRANSACTION_SERIALIZABLE", 30);
    }

    @Test
    void retriedSerializationFailuresAreFailuresOfTheirAttempts() {
        assertThat(outcome(Map.of(), 24_752L, 14_650).errorsText()).isEqualTo("40001 retried: 24752 (62.8 %)");
        assertThat(outcome(Map.of("53200", 30L), 100L, 900).errorsText())
                .isEqualTo("53200: 30 (3.0 %), 40001 retried: 100 (10.0 %)");
    }

    @Test
    void serializationFailuresAreTheRetriedAttemptsAndThoseGivenUpWith40001() {
        assertThat(outcome(Map.of("40001", 7L, "53200", 30L), 100L, 900).serializationFailures()).isEqualTo(107);
        assertThat(outcome(Map.of(), 24_752L, 14_650).serializationFailures()).isEqualTo(24_752);
        assertThat(outcome(Map.of("40001", 7L), null, 900).serializationFailures()).as("no retries recorded").isNull();
    }

    @Test
    void withoutRetriesOrErrorsTheCellSaysZeroAndWithoutABreakdownNothing() {
        assertThat(outcome(Map.of(), 0L, 900).errorsText()).isEqualTo("0");
        assertThat(outcome(Map.of(), null, 900).errorsText()).isEqualTo("0");
        assertThat(outcome(null, 5L, 900).errorsText()).isNull();
    }
}
