package org.pgknobs.ablation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("unit")
class EffectsTest {

    private static Effects.Runs tps(double... values) {
        return new Effects.Runs(java.util.Arrays.stream(values).map(Math::log).boxed().toList());
    }

    private static final Map<String, List<String>> UNITS = new LinkedHashMap<>(Map.of());

    static {
        UNITS.put("cache", List.of("shared_buffers"));
        UNITS.put("index", List.of("random_page_cost", "cpu_index_tuple_cost"));
        UNITS.put("wal", List.of("max_wal_size"));
    }

    @Test
    void sharesAreOfTheFullSlowdownOnTheLogScaleAndRankBothDirections() {
        Map<String, Effects.Runs> runs = new LinkedHashMap<>();
        runs.put("base", tps(1000));
        runs.put("full", tps(1));                 // ×1000
        runs.put("without-cache", tps(2));        // cache accounts for ln 2 of ln 1000 leaving out
        runs.put("without-index", tps(500));      // index: ln 500 / ln 1000 = 0.90
        runs.put("without-wal", tps(1.25));
        runs.put("only-cache", tps(900));
        runs.put("only-index", tps(10));          // alone: ln 100 / ln 1000 = 0.67
        runs.put("only-wal", tps(800));
        Effects.Summary s = Effects.compute(UNITS, runs);
        assertThat(s.slowdown()).isCloseTo(1000, within(1e-6));
        assertThat(s.units()).extracting(Effects.UnitEffect::unit).containsExactly("index", "cache", "wal");
        Effects.UnitEffect index = s.units().get(0);
        assertThat(index.looRank()).isEqualTo(1);
        assertThat(index.aoiRank()).isEqualTo(1);
        assertThat(index.looShare()).isCloseTo(Math.log(500) / Math.log(1000), within(1e-9));
        assertThat(index.aoiShare()).isCloseTo(Math.log(100) / Math.log(1000), within(1e-9));
        assertThat(index.looNoise()).isNull();
        assertThat(index.interaction()).as("no repeats, no noise band, no verdict").isNull();
        assertThat(s.units().get(2).aoiRank()).isEqualTo(2);
    }

    @Test
    void repeatsGiveANoiseBandAndAnInteractionWhereTheDirectionsDisagreeBeyondIt() {
        Map<String, Effects.Runs> runs = new LinkedHashMap<>();
        runs.put("base", tps(1000, 1100));
        runs.put("full", tps(1, 1.1));
        runs.put("without-cache", tps(1.05, 1.0));    // ≈ 0: leaving the cache out changes nothing
        runs.put("only-cache", tps(1000, 1050));      // ≈ 0 alone too: no interaction
        runs.put("without-index", tps(10, 11));       // removes ln 100 of the slowdown
        runs.put("only-index", tps(500, 520));        // but alone it costs only ln 2: interaction
        Map<String, List<String>> units = new LinkedHashMap<>();
        units.put("cache", List.of("shared_buffers"));
        units.put("index", List.of("random_page_cost"));
        Effects.Summary s = Effects.compute(units, runs);
        Effects.UnitEffect index = s.units().get(0);
        assertThat(index.unit()).isEqualTo("index");
        assertThat(index.looNoise()).isCloseTo((Math.log(11) - Math.log(10)) / 2 / Math.abs(s.logBase() - s.logFull())
                + (Math.log(1.1) - Math.log(1)) / 2 / Math.abs(s.logBase() - s.logFull()), within(1e-9));
        assertThat(index.interaction()).isTrue();
        assertThat(s.units().get(1).interaction()).isFalse();
    }

    @Test
    void aUnitWithoutMeasurementsHasNoFiguresAndNoRankAndWithoutBaseThereIsNoSummary() {
        Map<String, Effects.Runs> runs = new LinkedHashMap<>();
        runs.put("base", tps(100));
        runs.put("full", tps(10));
        runs.put("without-cache", tps(20));
        runs.put("only-cache", new Effects.Runs(List.of()));
        Effects.Summary s = Effects.compute(UNITS, runs);
        Effects.UnitEffect wal = s.units().stream().filter(u -> u.unit().equals("wal")).findFirst().orElseThrow();
        assertThat(wal.looShare()).isNull();
        assertThat(wal.looRank()).isNull();
        assertThat(s.units().get(0).aoiShare()).isNull();
        assertThat(Effects.compute(UNITS, Map.of("full", tps(1)))).isNull();
    }

    @Test
    void aRunThatCompletedNothingCountsAsHalfARequestInItsWindow() {
        assertThat(LogThroughput.of(0, 20).value()).isCloseTo(Math.log(0.025), within(1e-12));
        assertThat(LogThroughput.of(0, 20).floored()).isTrue();
        assertThat(LogThroughput.of(5, 20)).isEqualTo(new LogThroughput(Math.log(5), false));
    }
}
