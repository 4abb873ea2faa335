package org.pgknobs.report.why;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.pgknobs.collector.Derived;
import org.pgknobs.collector.WaitShare;

/**
 * "client wait samples moved to IO:DataFileRead (4 % in wal → 76 %; 120 and 118 samples, z-test, Holm over 5
 * events)": the wait events (CPU = no wait is left out) whose share of the client samples grew against the
 * compared step by a one-sided two-proportion z-test, Holm-corrected over the events of the step's top list at a
 * family-wise {@value ShiftTests#FAMILY_ALPHA}, by {@value #MIN_POINTS} points or more. An event missing from the
 * compared step's top list is counted there at the smallest count that list shows (an upper bound), so the test
 * can only understate a gain. Silent with fewer than {@value #MIN_SAMPLES} samples on a side, or when the step's
 * throughput interval holds 1.
 */
public final class WaitShareMoved implements WhyRule {

    static final double MIN_POINTS = 5;
    static final long MIN_SAMPLES = 10;
    private static final int NAMED = 2;

    @Override
    public boolean comparative() {
        return true;
    }

    @Override
    public Optional<Reason> explain(WhyInput input) {
        Derived.Waits now = input.waits();
        Derived.Waits before = input.comparedWaits();
        if (!Comparative.throughputMayHaveMoved(input) || now == null || before == null || now.top() == null
                || before.top() == null || now.samples() < MIN_SAMPLES || before.samples() < MIN_SAMPLES) {
            return Optional.empty();
        }
        Map<String, Long> after = counts(now);
        Map<String, Long> earlier = counts(before);
        if (after.isEmpty()) {
            return Optional.empty();
        }
        long floor = before.top().stream().mapToLong(WaitShare::samples).min().orElse(0);
        List<String> events = new ArrayList<>(after.keySet());
        double[] p = events.stream().mapToDouble(e -> ShiftTests.gainP(earlier.getOrDefault(e, floor), before.samples(),
                after.get(e), now.samples())).toArray();
        boolean[] rejected = ShiftTests.holm(p, ShiftTests.FAMILY_ALPHA);
        List<String> named = new ArrayList<>();
        for (int i = 0; i < events.size() && named.size() < NAMED; i++) {
            String e = events.get(i);
            double was = 100.0 * earlier.getOrDefault(e, 0L) / before.samples();
            double is = 100.0 * after.get(e) / now.samples();
            if (rejected[i] && is - (100.0 * earlier.getOrDefault(e, floor) / before.samples()) >= MIN_POINTS) {
                named.add(String.format(Locale.ROOT, "%s (%s%.0f %% in %s → %.0f %%)", e,
                        earlier.containsKey(e) ? "" : "≤ ", earlier.containsKey(e) ? was : 100.0 * floor / before.samples(),
                        input.comparedName(), is));
            }
        }
        if (named.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Reason("wait-share-moved", Comparative.worded(input, String.format(Locale.ROOT,
                "client wait samples moved to %s (%d and %d samples; z-test, Holm over %d events)",
                named.stream().collect(Collectors.joining(", ")), now.samples(), before.samples(), events.size())),
                List.of("waits", "compared.waits", "vsCompared.interval")));
    }

    /** Event → samples, the largest first, CPU left out. */
    private static Map<String, Long> counts(Derived.Waits waits) {
        Map<String, Long> out = new LinkedHashMap<>();
        waits.top().stream().filter(w -> !"CPU".equals(w.waitEventType()))
                .forEach(w -> out.merge(w.waitEventType() + ":" + w.waitEvent(), w.samples(), Long::sum));
        return out;
    }
}
