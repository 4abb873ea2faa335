package org.pgknobs.report.why;

import java.util.Map;
import org.pgknobs.results.MachineFacts;
import org.pgknobs.results.RegimeGroups;
import org.pgknobs.results.RunRegime;

/**
 * What a step shows besides the collector's figures: the machine facts of its step.json, the workload's
 * outcome (errors by SQLSTATE, attempts, successful transactions) and its noise band against its
 * neighbour. Every field may be null: the rules that need it then stay silent.
 *
 * @param headlinePhase   the window whose CPU figures count
 * @param attempts        every try of a transaction in the window: completed + retried
 * @param successful      transactions that committed in the window; 0 makes per-transaction figures meaningless
 * @param isolation       the workload's isolation level as the driver ran it ("serializable" ...)
 * @param noise           this step's throughput band against the step it is compared with
 * @param steadiness      whether its measured windows held one level
 * @param regime          its headline window's SERIALIZABLE regime and serialization failures (null without them)
 * @param unit            what the workload counts as a transaction: "row" for the insert benchmark (its driver counts
 *                        inserted rows), "transaction" otherwise (null reads as "transaction")
 */
public record Evidence(MachineFacts machine, String headlinePhase, Map<String, Long> errorsBySqlState, Long attempts,
                       Long successful, String isolation, Noise noise, Steadiness steadiness, Regime regime,
                       String unit) {

    public static final Evidence NONE = new Evidence(null, null, null, null, null, null, null, null, null);

    public Evidence(MachineFacts machine, String headlinePhase, Map<String, Long> errorsBySqlState, Long attempts,
                    Long successful, String isolation, Noise noise, Steadiness steadiness, Regime regime) {
        this(machine, headlinePhase, errorsBySqlState, attempts, successful, isolation, noise, steadiness, regime, null);
    }

    public Evidence(MachineFacts machine, String headlinePhase, Map<String, Long> errorsBySqlState, Long attempts,
                    Long successful, String isolation, Noise noise, Steadiness steadiness) {
        this(machine, headlinePhase, errorsBySqlState, attempts, successful, isolation, noise, steadiness, null);
    }

    public Evidence {
        errorsBySqlState = errorsBySqlState == null ? null : Map.copyOf(errorsBySqlState);
        unit = unit == null ? "transaction" : unit;
    }

    public Evidence(MachineFacts machine, String headlinePhase, Map<String, Long> errorsBySqlState, Long attempts,
                    Long successful, String isolation, Noise noise) {
        this(machine, headlinePhase, errorsBySqlState, attempts, successful, isolation, noise, null);
    }

    /**
     * The SIREAD lock, scan and plan-cache measures of the headline window, and its serialization failures.
     *
     * @param serializationFailures attempts that failed with 40001: the drivers' retries (they retry only those)
     *                              and the 40001 errors of requests given up; null when the driver did not say
     * @param repeats               the step's repeats by regime ({@link RegimeGroups}); null when not grouped
     * @param shift                 the step's and the compared step's repeats by regime, Fisher's test of the shares
     *                              and the within-regime slowdowns; null when both sides' repeats share one regime
     */
    public record Regime(RunRegime measures, Long serializationFailures, RegimeGroups repeats,
                         org.pgknobs.results.RegimeShift shift) {

        public Regime(RunRegime measures, Long serializationFailures) {
            this(measures, serializationFailures, null, null);
        }

        public Regime(RunRegime measures, Long serializationFailures, RegimeGroups repeats) {
            this(measures, serializationFailures, repeats, null);
        }
    }

    /**
     * The slowdown against the step this one is compared with (its throughput ÷ this step's) with its 95 %
     * interval from both sides' repeats (Welch's t on logs, docs/statistics.md).
     *
     * @param against the other step's name
     * @param n       this step's repeats; {@code otherN} the other's
     * @param drift   the base's drift band across the run (≥ 1; 1 when it was not bracketed): an interval inside
     *                [1/drift, drift] is within drift ({@code report.Mark})
     */
    public record Noise(String against, double ratio, double lower, double upper, int n, int otherN, double drift) {

        public Noise {
            drift = drift >= 1 ? drift : drift > 0 ? 1 / drift : 1;
        }

        /** Without a drift band: the run was not bracketed. */
        public Noise(String against, double ratio, double lower, double upper, int n, int otherN) {
            this(against, ratio, lower, upper, n, otherN, 1);
        }

        /** The interval holds 1: no difference between the two is shown. */
        public boolean holdsOne() {
            return lower <= 1 && 1 <= upper;
        }

        /** The interval lies wholly outside the drift band (and so clear of 1): the rule every mark follows. */
        public boolean clearOfDrift() {
            return lower > drift || upper < 1 / drift;
        }
    }

    MachineFacts.Fsync fsync() {
        return machine == null ? null : machine.fsync();
    }

    MachineFacts.Reads reads() {
        return machine == null ? null : machine.reads();
    }

    MachineFacts.Cpu headlineCpu() {
        return machine == null || headlinePhase == null ? null : machine.cpu(headlinePhase);
    }
}
