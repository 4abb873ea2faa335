package org.pgknobs.collector;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class SireadLocksTest {

    @Test
    void countsTheSamplesThatHeldEachGranularityAndTheMostAtOnce() {
        SireadLocks locks = SireadLocks.NONE
                .add(List.of(new SireadCount("district", "relation", 3), new SireadCount("stock", "tuple", 40)))
                .add(List.of())
                .add(List.of(new SireadCount("district", "relation", 5), new SireadCount("stock_pkey", "page", 7)))
                .add(List.of(new SireadCount("stock", "tuple", 12)));
        assertThat(locks.samples()).isEqualTo(4);
        assertThat(locks.withLocks()).as("the empty sample is no share's denominator").isEqualTo(3);
        assertThat(locks.relations().get("district")).isEqualTo(new SireadLocks.Relation(2, 0, 0, 5, 0, 0));
        assertThat(locks.relations().get("stock")).isEqualTo(new SireadLocks.Relation(0, 0, 2, 0, 0, 40));
        assertThat(locks.relations().get("stock_pkey").pageSamples()).isEqualTo(1);
        assertThat(locks.relationShare("district")).isEqualTo(2.0 / 3);
        assertThat(locks.relationShare("stock")).isZero();
    }

    @Test
    void samplesAtEdgesEveryRoundWhileLocksAreHeldAndElseEveryTenthRound() {
        SireadSchedule s = new SireadSchedule();
        assertThat(s.due(false)).as("the first round probes").isTrue();
        s.after(List.of());
        int skipped = 0;
        while (!s.due(false)) {
            s.after(null);
            skipped++;
        }
        assertThat(skipped).isEqualTo(SireadSchedule.PROBE_EVERY - 1);
        assertThat(new SireadSchedule().due(true)).isTrue();
        s.after(List.of(new SireadCount("district", "relation", 1)));
        assertThat(s.due(false)).as("locks seen: every round").isTrue();
        s.after(List.of());
        assertThat(s.due(false)).isFalse();
        assertThat(s.due(true)).as("a window edge always samples").isTrue();
    }
}
