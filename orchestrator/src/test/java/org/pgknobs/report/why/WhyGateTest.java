package org.pgknobs.report.why;

import static org.assertj.core.api.Assertions.assertThat;
import static org.pgknobs.report.why.Figures.none;
import static org.pgknobs.report.why.Figures.share;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The why-gate (docs/reports.md, "The why-gate"): a comparative line reads as a cause only where the step's interval
 * is clear of 1 and of the drift; a differing step no rule explains says so; the lines that also held for the compared
 * step are named once.
 */
@Tag("unit")
class WhyGateTest {

    private static final Evidence.Noise CLEAR = new Evidence.Noise("base", 1.40, 1.14, 1.62, 3, 3, 1.05);
    private static final Evidence.Noise IN_DRIFT = new Evidence.Noise("base", 1.10, 1.04, 1.16, 3, 3, 1.2);

    @Test
    void aComparativeLineIsPrefixedUnlessThroughputDiffersBeyondTheDrift() {
        Map<Comparison.Throughput, String> prefix = Map.of(Comparison.Throughput.DIFFERS, "",
                Comparison.Throughput.NO_DIFFERENCE, "differs although throughput does not: ",
                Comparison.Throughput.WITHIN_DRIFT, "differs although throughput does not beyond the base's drift: ",
                Comparison.Throughput.UNKNOWN, "differs although throughput cannot be told apart (no interval): ");
        prefix.forEach((t, p) -> assertThat(new HitRatioDrop().explain(Figures.against(none().hitRatio(0.705),
                Map.of(), "base", none().hitRatio(0.999), Map.of(), t))).as(t.name()).get().extracting(Reason::text)
                .isEqualTo(p + "client hit ratio 99.9 % in base → 70.5 %"));
    }

    @Test
    void aShiftTestSpeaksOnlyWhereThroughputDiffersBeyondTheDrift() {
        for (Comparison.Throughput t : Comparison.Throughput.values()) {
            Optional<Reason> r = new WaitShareMoved().explain(Figures.against(
                    none().waits(200, share("IO", "DataFileRead", 0.76, 200)), Map.of(), "base",
                    none().waits(200, share("IO", "DataFileRead", 0.04, 200)), Map.of(), t));
            assertThat(r.isPresent()).as(t.name()).isEqualTo(t == Comparison.Throughput.DIFFERS);
        }
    }

    @Test
    void anIntervalClearOfOneButInsideTheDriftIsWithinDriftAndSaidSo() {
        WhyInput in = with(IN_DRIFT, null);
        assertThat(in.throughput()).isEqualTo(Comparison.Throughput.WITHIN_DRIFT);
        assertThat(new NoiseOverlap().explain(in)).get().extracting(Reason::text).isEqualTo("no difference beyond the "
                + "base's drift shown: ×1.10 [1.04–1.16] against base clears 1 but not the drift band ×1.200 either way "
                + "(3 and 3 repeats)");
        assertThat(with(CLEAR, null).throughput()).isEqualTo(Comparison.Throughput.DIFFERS);
        assertThat(new NoiseOverlap().explain(with(CLEAR, null))).isEmpty();
    }

    @Test
    void aClearlySlowerStepNoRuleExplainsGetsTheLineThatSaysSo() {
        RepeatFigures figures = new RepeatFigures(List.of(
                new RepeatFigures.Figure("p95 latency", "ms", "latencyMs.p95", List.of(30.0, 31.0, 32.0),
                        List.of(10.0, 10.5, 11.0)),
                new RepeatFigures.Figure("client hit ratio", "%", "clientHitRatio", List.of(99.0, 98.0, 99.5),
                        List.of(99.2, 98.5, 99.0))));
        List<Reason> why = WhyRules.explain(with(CLEAR, comparison(Comparison.Throughput.DIFFERS, figures, List.of())));
        assertThat(why).extracting(Reason::text).containsExactly("slower ×1.40 [1.14–1.62] against base (3 and 3 "
                + "repeats); no rule explains it; what moved most: p95 latency 11 → 31 ms (p 8.0e-05) (Welch on the "
                + "repeats, Holm over 2 figures)");
        assertThat(why.get(0).role()).isEqualTo(Reason.EXPLAINS);
        assertThat(why.get(0).figures()).containsExactly("vsCompared.interval", "latencyMs.p95", "clientHitRatio");
        // faster, and nothing beyond its own spread
        Evidence.Noise faster = new Evidence.Noise("base", 0.5, 0.4, 0.625, 3, 3, 1);
        RepeatFigures flat = new RepeatFigures(List.of(new RepeatFigures.Figure("p95 latency", "ms", "latencyMs.p95",
                List.of(10.0, 12.0, 11.0), List.of(11.0, 10.0, 12.0))));
        assertThat(WhyRules.explain(with(faster, comparison(Comparison.Throughput.DIFFERS, flat, List.of()))))
                .extracting(Reason::text).containsExactly("faster ×2.00 [1.60–2.50] against base (3 and 3 repeats); no "
                        + "rule explains it; what moved most: no figure moved materially beyond its own spread (1 compared; Welch, Holm)");
    }

    @Test
    void aStepThatDoesNotDifferOrThatARuleExplainsGetsNoSuchLine() {
        for (Comparison.Throughput t : List.of(Comparison.Throughput.NO_DIFFERENCE, Comparison.Throughput.WITHIN_DRIFT,
                Comparison.Throughput.UNKNOWN)) {
            assertThat(WhyRules.explain(with(t == Comparison.Throughput.WITHIN_DRIFT ? IN_DRIFT : null,
                    comparison(t, RepeatFigures.NONE, List.of())))).extracting(Reason::rule).as(t.name())
                    .doesNotContain(Unexplained.RULE);
        }
        WhyInput explained = new WhyInput(none().hitRatio(0.70).derived(), Optional.empty(), Map.of(),
                new Evidence(null, "tpcc", null, 100L, 100L, null, CLEAR), Optional.empty(),
                Optional.of(new Comparison("base", none().hitRatio(0.999).derived(), Map.of(), 100L, List.of(), List.of(),
                        Comparison.Throughput.DIFFERS, List.of())));
        assertThat(WhyRules.explain(explained)).extracting(Reason::rule).containsExactly("hit-ratio-drop");
    }

    @Test
    void theLinesThatAlsoHeldForTheComparedStepAreNamedOnce() {
        String regime = "64.6 % of attempts failed with 40001 (serialization failures); relation-level SIREAD locks on "
                + "district and warehouse in 100 % of 32 samples; their statements ran by Seq Scan (12 seq scans)";
        Reason folded = new Reason("serialization-regime", regime, List.of("siread_locks.samples"), Reason.DESCRIBES,
                "base");
        Reason cpu = new Reason("cpu-bound", "CPU-bound: 2 cores 97 % busy", List.of("machine.cpu"), Reason.DESCRIBES,
                "base");
        assertThat(AlsoHeld.of(List.of(folded, cpu))).get().extracting(Reason::text).isEqualTo(
                "also held in base (lines folded): relation-level SIREAD locks on district and warehouse; CPU-bound");
        assertThat(AlsoHeld.of(List.of(new Reason("cpu-bound", "x", List.of(), Reason.DESCRIBES, null)))).isEmpty();
    }

    private static Comparison comparison(Comparison.Throughput t, RepeatFigures figures, List<Reason> why) {
        return new Comparison("base", null, Map.of(), 100L, List.of(), List.of(), t, why, figures);
    }

    private static WhyInput with(Evidence.Noise noise, Comparison comparison) {
        return new WhyInput(null, Optional.empty(), Map.of(), new Evidence(null, "tpcc", null, 100L, 100L, null, noise),
                Optional.empty(), Optional.ofNullable(comparison));
    }
}
