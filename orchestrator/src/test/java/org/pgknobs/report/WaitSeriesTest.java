package org.pgknobs.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.pgknobs.collector.WindowStats;

/**
 * Waits over time from pgstats.csv's rows (docs/pgstats.md): a round per timestamp of the window's phase, each wait's
 * count held at that round (not summed over rounds), a round without an active backend kept with none, other phases'
 * and outside-window rows left out.
 */
@Tag("unit")
class WaitSeriesTest {

    @Test
    void everyRoundOfTheWindowWithTheBackendsInEachWaitAtThatRound() {
        WindowStats w = new WindowStats("tpcc", 10_000, 13_000, 3, Map.of(), null, Map.of(), Map.of());
        List<String> csv = List.of("timestamp_ms,phase,metric,labels,value",
                "9000,,waits.samples,wait_event_type=CPU;wait_event=CPU,2",
                "11000,tpcc,collector.round_ms,,3.1",
                "11000,tpcc,waits.samples,wait_event_type=IO;wait_event=WalSync,1",
                "11000,tpcc,waits.samples,wait_event_type=CPU;wait_event=CPU,1",
                "12000,tpcc,collector.round_ms,,2.9",
                "12500,load,waits.samples,wait_event_type=Lock;wait_event=tuple,4",
                "13000,tpcc,pg_stat_wal.wal_bytes,,8192",
                "13000,tpcc,waits.samples,wait_event_type=IO;wait_event=WalSync,2");

        List<StepRun.WaitRound> rounds = WaitSeries.of(csv, w);

        assertThat(rounds).containsExactly(
                new StepRun.WaitRound(1.0, Map.of("IO:WalSync", 1, "CPU:CPU", 1)),
                new StepRun.WaitRound(2.0, Map.of()),
                new StepRun.WaitRound(3.0, Map.of("IO:WalSync", 2)));
    }
}
