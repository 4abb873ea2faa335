package org.pgknobs.workload.tpcc;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class TerminalTest {

    @Test
    void terminalsSpreadOverWarehousesAsBenchBaseDoes() {
        // BenchBase's own example: 10 terminals over 7 warehouses are 1, 1, 2, 1, 2, 1, 2.
        Map<Integer, Long> perWarehouse = Terminal.assign(10, 7).stream()
                .collect(Collectors.groupingBy(Terminal::warehouse, Collectors.counting()));
        assertThat(List.of(1, 2, 3, 4, 5, 6, 7).stream().map(perWarehouse::get).toList())
                .containsExactly(1L, 1L, 2L, 1L, 2L, 1L, 2L);
    }

    @Test
    void terminalsOfAWarehouseSplitItsTenDistricts() {
        List<Terminal> t = Terminal.assign(3, 1);
        assertThat(t).extracting(Terminal::districtLow).containsExactly(1, 4, 7);
        assertThat(t).extracting(Terminal::districtHigh).containsExactly(3, 6, 10);
        assertThat(Terminal.assign(1, 1).get(0)).isEqualTo(new Terminal(0, 1, 1, 10, 1));
        // More terminals than districts: every terminal still has a valid district.
        assertThat(Terminal.assign(25, 1)).allMatch(x -> x.districtLow() >= 1 && x.districtHigh() <= 10
                && x.districtLow() <= x.districtHigh());
    }

    @Test
    void remoteWarehouseIsAnotherOneWhenThereIsOne() {
        TpccRandom r = new TpccRandom(1, NuRandConstants.forRun(new SplittableRandom(1)));
        Terminal t = new Terminal(0, 2, 1, 10, 3);
        for (int i = 0; i < 100; i++) {
            assertThat(t.remoteWarehouse(r)).isIn(1, 3);
        }
        assertThat(new Terminal(0, 1, 1, 10, 1).remoteWarehouse(r)).isEqualTo(1);
    }

    @Test
    void runTimeLastNameConstantKeepsTheSpecsDistanceFromTheLoadOne() {
        SplittableRandom seeds = new SplittableRandom(7);
        for (int i = 0; i < 1000; i++) {
            NuRandConstants c = NuRandConstants.forRun(seeds);
            int delta = Math.abs(c.lastNameRun() - c.lastNameLoad());
            assertThat(delta).isBetween(65, 119).isNotIn(96, 112);
            assertThat(c.customerId()).isBetween(0, 1023);
            assertThat(c.itemId()).isBetween(0, 8191);
        }
    }

    @Test
    void lastNamesAreBuiltFromTheSpecsSyllables() {
        assertThat(TpccRandom.lastName(0)).isEqualTo("BARBARBAR");
        assertThat(TpccRandom.lastName(371)).isEqualTo("PRICALLYOUGHT");
        assertThat(TpccRandom.lastName(999)).isEqualTo("EINGEINGEING");
    }
}
