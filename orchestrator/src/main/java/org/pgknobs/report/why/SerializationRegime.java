package org.pgknobs.report.why;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.pgknobs.collector.PlanCalls;
import org.pgknobs.results.RunRegime;
import org.pgknobs.report.plans.SessionPlans;

/**
 * "41 % of attempts failed with 40001 (serialization failures); relation-level SIREAD locks on district,
 * warehouse in 62 % of samples; their statements ran by Seq Scan (...)": fires when serialization failures are at
 * least {@value #MIN_SHARE_PERCENT} % of attempts and the SIREAD locks were sampled, naming the regime: the
 * relation-locked tables with their scans and plans, or that the locks were tuple-level (the failures then do not
 * come from whole-relation locks). The classification: {@link RunRegime}, docs/tpcc.md "Two regimes".
 */
public final class SerializationRegime implements WhyRule {

    static final double MIN_SHARE_PERCENT = 1;
    static final String SERIALIZATION_FAILURE = "40001";

    @Override
    public Optional<Reason> explain(WhyInput input) {
        RunRegime regime = input.regimeMeasures();
        Long failed = input.serializationFailures();
        Long attempts = input.attempts();
        if (regime == null || !regime.measured() || failed == null || attempts == null || attempts <= 0) {
            return Optional.empty();
        }
        double share = 100.0 * failed / attempts;
        if (share < MIN_SHARE_PERCENT) {
            return Optional.empty();
        }
        List<String> figures = new ArrayList<>(List.of("retries", "errors_by_sqlstate." + SERIALIZATION_FAILURE, "attempts",
                "siread_locks.samples"));
        String failures = String.format(Locale.ROOT, "%.1f %% of attempts failed with %s (serialization failures)",
                share, SERIALIZATION_FAILURE);
        List<String> locked = input.relationLocked(regime);
        if (locked.isEmpty()) {
            return Optional.of(new Reason("serialization-regime", failures + "; the SIREAD locks were tuple-level: "
                    + "no table held relation-level ones in " + RunRegime.percent(RunRegime.RELATION_LOCKED_SHARE)
                    + " or more of " + regime.sireadSamples() + " samples while read mostly by Seq Scan", figures));
        }
        locked.forEach(t -> figures.add("siread_locks." + t + ".relation_samples"));
        locked.forEach(t -> figures.add("table_scans." + t + ".seq_scan"));
        locked.forEach(t -> figures.add("table_scans." + t + ".idx_scan"));
        StringBuilder text = new StringBuilder(failures).append("; relation-level SIREAD locks on ")
                .append(String.join(" and ", locked)).append(" in ").append(RunRegime.percent(regime.lockedShare()))
                .append(" of ").append(regime.sireadSamples()).append(" samples; their statements ran by Seq Scan (")
                .append(regime.seqScans(locked)).append(" seq scans on them in the window");
        PlanCalls plans = input.planCalls(regime);
        if (plans != null) {
            figures.add("statements.generic_plan_calls");
            text.append(String.format(Locale.ROOT, "; %d of %d calls by generic plans", plans.generic(),
                    plans.generic() + plans.custom()));
        }
        List<String> named = seqScanStatements(input, locked);
        figures.add("plans.json");
        if (!named.isEmpty()) {
            // which plans the sessions ran: plans.json's generic plans are not those under force_custom_plan
            String mode = input.setting("plan_cache_mode").orElse(null);
            figures.add("settings.plan_cache_mode");
            text.append("; ").append(input.ownPlans().flatMap(c -> c.step().plans().lenient())
                    .map(p -> SessionPlans.describe(p, mode, plans)).orElse("plans in plans.json"))
                    .append(": Seq Scan in ").append(String.join(", ", named));
        }
        return Optional.of(new Reason("serialization-regime", text.append(')').toString(), figures));
    }

    /** The statements whose plan in plans.json reads one of {@code tables} by Seq Scan. */
    private static List<String> seqScanStatements(WhyInput input, List<String> tables) {
        Set<String> names = new LinkedHashSet<>();
        input.ownPlans().flatMap(c -> c.step().plans().lenient()).ifPresent(p -> p.statements().forEach(s -> {
            if (s.digest() != null && s.digest().scans().stream().anyMatch(scan -> tables.stream()
                    .anyMatch(t -> scan.equals("Seq Scan on " + t) || scan.startsWith("Seq Scan on " + t + " ")))) {
                names.add(s.name());
            }
        }));
        return List.copyOf(names);
    }
}
