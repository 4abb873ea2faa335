package org.pgknobs.results;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.pgknobs.collector.PlanCalls;
import org.pgknobs.collector.QueryCatalog;
import org.pgknobs.collector.SireadLocks;
import org.pgknobs.collector.StatRow;
import org.pgknobs.collector.StatementStats;
import org.pgknobs.collector.StatementWindow;
import org.pgknobs.collector.WindowStats;

/**
 * Which SERIALIZABLE regime one run's measured window was in, from the server's side (so the same for any
 * driver): a table is <em>relation-locked</em> when relation-level SIREAD locks on it were held in at least
 * {@value #RELATION_LOCKED_SHARE} of the window's samples and Seq Scans were at least {@value #SEQ_SHARE} of its scans in
 * the window. Relation locks promoted from many tuple locks come with no Seq Scan, and a run that read the table by
 * Seq Scan only in its first seconds, then by index once it grew, did so in a few hundred of tens of thousands of
 * scans (0.3–1.6 % at 8 warehouses), while runs in the relation-level regime did 18–84 %; a run with
 * no relation-locked table is tuple-level. The rule and its figures: docs/tpcc.md, "Two regimes".
 *
 * @param sireadSamples       the window's samples that found SIREAD locks (the shares' denominator); 0: no regime
 * @param relationShares      per relation with any relation-level SIREAD lock, the share of samples (0–1) with one
 * @param scans               per table scanned in the window, its sequential and index scans
 * @param planCalls           calls by generic and by custom plans over the window's statements; null: unavailable
 * @param planCallsMissing    why there are no plan calls (the extension lacks the columns, or no pg_stat_statements), else null
 */
public record RunRegime(int sireadSamples, Map<String, Double> relationShares, Map<String, TableScans> scans,
                        PlanCalls planCalls, String planCallsMissing) {

    /** The share of samples from which a relation-level SIREAD lock marks a table as relation-locked. */
    public static final double RELATION_LOCKED_SHARE = 0.5;

    /** The share of a table's scans in the window that Seq Scans must reach for its relation locks to name the regime. */
    public static final double SEQ_SHARE = 0.02;

    /**
     * The tables whose lock granularity decides TPC-C's throughput: the few-page ones every NewOrder and Payment
     * reads. Other relation-locked tables (order_line when no statement uses an index) do not make another regime.
     */
    public static final List<String> DECIDING_TABLES = List.of("district", "warehouse");

    public RunRegime {
        relationShares = relationShares == null ? Map.of() : Map.copyOf(new TreeMap<>(relationShares));
        scans = scans == null ? Map.of() : Map.copyOf(new TreeMap<>(scans));
    }

    /** One table's scans started in the window (pg_stat_user_tables' seq_scan and idx_scan deltas). */
    public record TableScans(long seq, long idx) {

        /** Seq Scans' share of the table's scans, 0 without any. */
        @JsonIgnore
        public double seqShare() {
            return seq + idx == 0 ? 0 : (double) seq / (seq + idx);
        }
    }

    /** The measures of a window and, when captured, its statements. */
    public static RunRegime of(WindowStats window, StatementWindow statements) {
        SireadLocks locks = window.sireadLocks();
        Map<String, Double> shares = new TreeMap<>();
        locks.relations().forEach((name, r) -> {
            if (r.relationSamples() > 0) {
                shares.put(name, locks.relationShare(name));
            }
        });
        Map<String, TableScans> scans = new TreeMap<>();
        for (StatRow r : window.deltas().getOrDefault(QueryCatalog.TABLE_SCANS, List.of())) {
            long seq = r.longValue("seq_scan");
            long idx = r.longValue("idx_scan");
            if (seq > 0 || idx > 0) {
                scans.put(r.label("table"), new TableScans(seq, idx));
            }
        }
        PlanCalls plans = statements == null ? null : planCalls(statements);
        String missing = statements == null ? "no statements.json (pg_stat_statements not loaded)"
                : plans == null ? "this server's pg_stat_statements has no generic_plan_calls column (PostgreSQL 18.6's "
                + "1.12 has not)" : null;
        return new RunRegime(locks.withLocks(), shares, scans, plans, missing);
    }

    private static PlanCalls planCalls(StatementWindow w) {
        long generic = 0;
        long custom = 0;
        boolean any = false;
        for (StatementStats s : w.statements()) {
            if (s.plans() != null) {
                any = true;
                generic += s.plans().generic();
                custom += s.plans().custom();
            }
        }
        return any ? new PlanCalls(generic, custom) : null;
    }

    /** Whether SIREAD locks were sampled at all: without samples the run has no regime to name. */
    @JsonIgnore
    public boolean measured() {
        return sireadSamples > 0;
    }

    /** The relation-locked tables, by name. */
    @JsonIgnore
    public List<String> relationLocked() {
        return relationShares.entrySet().stream()
                .filter(e -> e.getValue() >= RELATION_LOCKED_SHARE)
                .filter(e -> scans.containsKey(e.getKey()) && scans.get(e.getKey()).seqShare() >= SEQ_SHARE)
                .map(Map.Entry::getKey).sorted().toList();
    }

    /** "relation-level on district, warehouse", "tuple-level", or "not measured (no SIREAD samples)". */
    @JsonIgnore
    public String name() {
        if (!measured()) {
            return "not measured (no SIREAD lock samples)";
        }
        List<String> locked = relationLocked();
        return locked.isEmpty() ? "tuple-level" : "relation-level on " + String.join(", ", locked);
    }

    /**
     * The regime as it decides throughput, by which repeats are grouped ({@link RegimeGroups}): the relation-locked
     * tables among {@link #DECIDING_TABLES} ("relation-level on district, warehouse"), or "tuple-level" without
     * any; a repeat that also holds relation-level locks on other tables is in the same regime (docs/tpcc.md).
     */
    @JsonIgnore
    public String regime() {
        if (!measured()) {
            return name();
        }
        List<String> locked = relationLocked().stream().filter(DECIDING_TABLES::contains).toList();
        return locked.isEmpty() ? "tuple-level" : "relation-level on " + String.join(", ", locked);
    }

    /** The lowest share of samples among the relation-locked tables, 0 when none. */
    @JsonIgnore
    public double lockedShare() {
        return relationLocked().stream().mapToDouble(relationShares::get).min().orElse(0);
    }

    /** Seq scans started on {@code tables} in the window. */
    public long seqScans(List<String> tables) {
        return tables.stream().map(scans::get).filter(java.util.Objects::nonNull).mapToLong(TableScans::seq).sum();
    }

    /** The share as a whole percent, e.g. "62 %". */
    public static String percent(double share) {
        return String.format(Locale.ROOT, "%.0f %%", 100 * share);
    }
}
