package org.pgknobs.ablation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.pgknobs.experiment.AblationSpec;
import org.pgknobs.results.CulpritSearchResult;

/**
 * The search algorithm against deterministic measurement functions (ln T as a function of the settings
 * switched on): what it must find, and that every candidate it reports was measured.
 */
@Tag("unit")
class CulpritSearchTest {

    private static final double LOG_BASE = Math.log(300);

    /** Eight units of two settings each; u3's s3a is the one that matters. */
    private static Map<String, List<String>> units(int n) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (int i = 1; i <= n; i++) {
            out.put("u" + i, List.of("s" + i + "a", "s" + i + "b"));
        }
        return out;
    }

    /** A measurement that records what it was asked. */
    private static final class Fake implements CulpritSearch.Measure {
        final List<Set<String>> asked = new ArrayList<>();
        final ToDoubleFunction<Set<String>> slowdown;
        final Predicate<Set<String>> refused;

        Fake(ToDoubleFunction<Set<String>> slowdown, Predicate<Set<String>> refused) {
            this.slowdown = slowdown;
            this.refused = refused;
        }

        @Override
        public CulpritSearch.Trial measure(Set<String> settings) {
            asked.add(Set.copyOf(settings));
            if (refused.test(settings)) {
                return CulpritSearch.Trial.failed("FATAL: \"min_wal_size\" must be at most \"max_wal_size\"", "search-" + asked.size());
            }
            return CulpritSearch.Trial.of(LOG_BASE - slowdown.applyAsDouble(settings), "search-" + asked.size());
        }
    }

    private static CulpritSearchResult search(AblationSpec.Search algorithm, Map<String, List<String>> units, Fake fake) {
        double full = fake.slowdown.applyAsDouble(Set.copyOf(units.values().stream().flatMap(List::stream).toList()));
        return new CulpritSearch(algorithm, 0.9, LOG_BASE, LOG_BASE - full, fake).run(units);
    }

    @ParameterizedTest
    @EnumSource(value = AblationSpec.Search.class, names = {"DDMIN", "GREEDY"})
    void oneDominantSettingIsFoundAsItsUnitThenAsItself(AblationSpec.Search algorithm) {
        // s3a: ×4000; every other setting ×1.05
        Fake fake = new Fake(on -> on.stream().mapToDouble(s -> s.equals("s3a") ? Math.log(4000) : Math.log(1.05)).sum(), on -> false);
        CulpritSearchResult r = search(algorithm, units(8), fake);
        assertThat(r.units()).containsExactly("u3");
        assertThat(r.settings()).containsExactly("s3a");
        assertThat(r.candidates()).hasSize(fake.asked.size()).allSatisfy(c -> assertThat(c.logThroughput()).isNotNull());
        assertThat(r.candidates().stream().filter(c -> c.level().equals("settings"))).isNotEmpty();
    }

    @Test
    void ddminNeedsFarFewerCandidatesThanUnitsSquaredForOneCulprit() {
        Fake fake = new Fake(on -> on.contains("s13a") ? Math.log(4000) : 0, on -> false);
        CulpritSearchResult r = search(AblationSpec.Search.DDMIN, units(16), fake);
        assertThat(r.units()).containsExactly("u13");
        assertThat(r.candidates().stream().filter(c -> c.level().equals("units")).count()).isLessThanOrEqualTo(2 * 4 + 2);
    }

    @ParameterizedTest
    @EnumSource(value = AblationSpec.Search.class, names = {"DDMIN", "GREEDY"})
    void twoUnitsThatOnlyHurtTogetherAreBothKept(AblationSpec.Search algorithm) {
        // the interaction of the issue: random_page_cost alone is cheap, with a tiny cache it is not
        Fake fake = new Fake(on -> on.contains("s2a") && on.contains("s7b") ? Math.log(1000) : Math.log(1.1), on -> false);
        CulpritSearchResult r = search(algorithm, units(8), fake);
        assertThat(r.units()).containsExactlyInAnyOrder("u2", "u7");
        assertThat(r.settings()).containsExactlyInAnyOrder("s2a", "s7b");
    }

    @ParameterizedTest
    @EnumSource(value = AblationSpec.Search.class, names = {"DDMIN", "GREEDY"})
    void aCandidateTheServerRefusesDoesNotReproduceAndTheSearchGoesOn(AblationSpec.Search algorithm) {
        // s1a is the culprit but cannot stand without s2a (think a postmaster setting another unit needs)
        Fake fake = new Fake(on -> on.contains("s1a") ? Math.log(500) : 0, on -> on.contains("s1a") && !on.contains("s2a"));
        CulpritSearchResult r = search(algorithm, units(6), fake);
        assertThat(r.units()).containsExactly("u1", "u2");
        assertThat(r.settings()).containsExactly("s1a", "s2a");
        assertThat(r.candidates()).anySatisfy(c -> {
            assertThat(c.failure()).contains("min_wal_size");
            assertThat(c.reproduces()).isFalse();
            assertThat(c.share()).isNull();
        });
    }

    @Test
    void theSameSetIsMeasuredOnceAndSharesAreOnTheLogScale() {
        Fake fake = new Fake(on -> on.stream().mapToDouble(s -> s.startsWith("s1") ? Math.log(100) : Math.log(2)).sum(), on -> false);
        CulpritSearchResult r = search(AblationSpec.Search.GREEDY, units(3), fake);
        assertThat(fake.asked).doesNotHaveDuplicates();
        // full: ×100·100·2^4; u1 alone: ×10^4, i.e. ln(10^4) / ln(1.6·10^5) = 0.77 < 0.9: u1 alone does not do it
        assertThat(r.candidates()).filteredOn(c -> c.elements().equals(List.of("u1")))
                .allSatisfy(c -> assertThat(c.share()).isCloseTo(Math.log(1e4) / Math.log(1.6e5), org.assertj.core.data.Offset.offset(1e-9)));
        assertThat(r.units()).contains("u1");
    }

    @Test
    void setsMeasuredByTheFixedRunsAreNotMeasuredAgain() {
        Fake fake = new Fake(on -> on.contains("s1a") ? Math.log(4000) : 0, on -> false);
        Map<String, List<String>> units = units(2);
        CulpritSearch search = new CulpritSearch(AblationSpec.Search.DDMIN, 0.9, LOG_BASE, LOG_BASE - Math.log(4000), fake)
                .know(Set.of("s1a", "s1b"), CulpritSearch.Trial.of(LOG_BASE - Math.log(3900), "only-u1"));
        CulpritSearchResult r = search.run(units);
        assertThat(r.units()).containsExactly("u1");
        assertThat(r.candidates().get(0).run()).isEqualTo("only-u1");
        assertThat(fake.asked).doesNotContain(Set.of("s1a", "s1b"));
    }

    @Test
    void aFullSetThatIsNotSlowerHasNothingToSearch() {
        Fake fake = new Fake(on -> -1, on -> false);
        CulpritSearchResult r = search(AblationSpec.Search.DDMIN, units(4), fake);
        assertThat(r.candidates()).isEmpty();
        assertThat(r.note()).contains("not slower");
        assertThat(fake.asked).isEmpty();
    }

    @Test
    void splitMakesNearlyEqualConsecutiveParts() {
        assertThat(CulpritSearch.split(List.of("a", "b", "c", "d", "e"), 2)).containsExactly(List.of("a", "b"), List.of("c", "d", "e"));
        assertThat(CulpritSearch.split(List.of("a", "b", "c"), 3)).containsExactly(List.of("a"), List.of("b"), List.of("c"));
    }
}
