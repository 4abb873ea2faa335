package org.pgknobs.report;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.pgknobs.report.captures.Capture;
import org.pgknobs.report.captures.Captures;
import org.pgknobs.report.plans.PlanChange;
import org.pgknobs.report.why.Reason;
import org.pgknobs.report.why.Steadiness;
import org.pgknobs.results.MachineFacts;

/**
 * report.json: every number report.md and report.html show (they are renderings of this). Nulls mean
 * "not measured / not collected", never zero.
 */
public record ReportData(int schemaVersion, String generated, String baseline, List<Run> runs,
                         List<ComparisonRow> comparison, VersionTable versions, List<ShardTable> shards) {

    public static final int SCHEMA_VERSION = 1;

    /**
     * One result directory. {@code sweep} is empty but for a variants sweep, {@code ablation} null but for an ablation,
     * {@code baseSpread} (the base's spread and the smallest effect it lets the run detect, and a bracketed base's
     * drift) null but for a sweep or a chain whose base (a chain's first step) has 2 repeats or more.
     */
    public record Run(String label, String dir, String experiment, String mode, String status,
                      @JsonUnwrapped Setup setup, Reference reference, String baseline, List<Step> steps,
                      List<PhaseTable> sweep, Ablation ablation, Spread baseSpread) {

        /** The bracketed base's drift (docs/statistics.md, "Drift"); null when the base was not bracketed. */
        public Drift drift() {
            return baseSpread == null ? null : baseSpread.drift();
        }

        /**
         * The drift every comparison with the base allows for, for {@link Mark#of(EffectInterval, double)}: the band
         * the base's measurements span (highest ÷ lowest), 1 when it was not bracketed.
         */
        public double driftBand() {
            return Drift.bandOf(drift());
        }
    }

    /**
     * What the run ran on and what it ran.
     *
     * @param observed    what {@code observe:} turned on and added to every step (suite.json), null when nothing
     * @param calibration the machine probe before the first step (calibration.json), null when the run has none
     */
    public record Setup(String postgres, String host, String workload, String headlinePhase, String observed,
                        String calibration) {

        public Setup(String postgres, String host, String workload, String headlinePhase, String observed) {
            this(postgres, host, workload, headlinePhase, observed, null);
        }
    }

    /**
     * An ablation's effects (see {@link org.pgknobs.ablation.Effects}): units ranked by their leave-one-out
     * effect, both directions as shares of the full slowdown on the log scale, and the culprit search as
     * ablation.json recorded it ({@code search} null when it did not run).
     *
     * @param slowdown  base ÷ full, geometric means of the headline throughput (zero counted as half a request)
     * @param intervals per unit, both directions with their 95 % intervals from the repeats
     */
    public record Ablation(double threshold, Double slowdown, List<org.pgknobs.ablation.Effects.UnitEffect> units,
                           List<String> floored, String searchStatus, org.pgknobs.results.CulpritSearchResult search,
                           List<UnitIntervals> intervals) {

        /** The unit's interaction contrast with its interval; null where a run was not measured. */
        public EffectInterval interaction(String unit) {
            return intervals == null ? null : intervals.stream().filter(i -> i.unit().equals(unit)).findFirst()
                    .map(UnitIntervals::interaction).orElse(null);
        }

        /** The unit's interval left out ({@code leaveOneOut}) or added alone; null where there is none. */
        public EffectInterval interval(String unit, boolean leaveOneOut) {
            return intervals == null ? null : intervals.stream().filter(i -> i.unit().equals(unit)).findFirst()
                    .map(i -> leaveOneOut ? i.leaveOneOut() : i.addOneIn()).orElse(null);
        }
    }

    public record Reference(String source, String metric, String phase, String notes) {
    }

    /**
     * One step over its repeats. Figures other than throughput come from {@code figuresFrom}, the repeat
     * with the median headline throughput. Each topic is its own record, written into report.json as keys of
     * the step itself.
     */
    public record Step(int index, String name, String status, String reason, int repeats, Integer figuresFrom,
                       @JsonUnwrapped Effect effect, @JsonUnwrapped Window window, @JsonUnwrapped Server server,
                       @JsonUnwrapped Captured captured, @JsonUnwrapped Diagnosis diagnosis,
                       @JsonUnwrapped Series series) {

        /** This step with its effect as the verdict model decided it. */
        Step with(Effect decided) {
            return new Step(index, name, status, reason, repeats, figuresFrom, decided, window, server, captured,
                    diagnosis, series);
        }

        /** This step with its diagnosis (its why-lines are said once the verdict model has decided, StepBuilder). */
        Step with(Diagnosis said) {
            return new Step(index, name, status, reason, repeats, figuresFrom, effect, window, server, captured,
                    said, series);
        }

        /** A measured window of the step moved (a trend or a level shift): the tables mark it. */
        public boolean notSteady() {
            return diagnosis.steadiness() != null && !diagnosis.steadiness().steady();
        }
    }

    /**
     * The step's throughput and its effect against the base, and how that compares with the published value.
     *
     * @param slowdown          baseline throughput ÷ this step's (median)
     * @param slowdownInterval  the slowdown's 95 % interval against the base from both sides' repeats (baseline
     *                          throughput ÷ this step's, see {@link EffectInterval}); null for the base itself
     * @param stepBeforeInterval cumulative only: the slowdown against the step before (its throughput ÷ this
     *                          step's) with its interval, set against the base's trend as the verdict model
     *                          decided it; null for the base and the step right after it
     * @param withinNoise       the slowdown's interval holds 1, or holds the bracketed base's drift: ours shows no
     *                          effect against the base (false without an interval, e.g. with one repeat on either side)
     * @param throughputBelow   set when nothing completed in the window: the throughput is below this (1 per
     *                          window), and {@code slowdown} is then a lower bound
     * @param verdict           see {@link Verdict}; null for the baseline or without a published value, but for a
     *                          step run with --steps-only that is not the published step (suite.json's
     *                          selection): {@value Verdict#NOT_THE_PUBLISHED_STEP}
     * @param publishedInside   whether the published slowdown lies inside {@code slowdownInterval}; null without
     *                          a verdict or without an interval
     * @param mark              the direction of the step's throughput against the base that the tables show (UP:
     *                          faster), decided with the page's other comparisons ({@link VerdictModel}); NONE for
     *                          the base, within noise or drift, or without an interval
     */
    public record Effect(Stat throughput, Stat goodput, Double slowdown, EffectInterval slowdownInterval,
                         EffectInterval stepBeforeInterval, boolean withinNoise, Double published,
                         Double publishedSlowdown, Double throughputBelow, String verdict, Boolean publishedInside,
                         Mark mark) {

        public Effect {
            mark = mark == null ? Mark.NONE : mark; // older report.json
        }

        /** This effect with the mark and verdict the run's verdict model decided. */
        Effect decided(EffectInterval corrected, EffectInterval correctedStepBefore, Mark decidedMark,
                       String decidedVerdict) {
            // one point estimate per comparison: the one the interval is built around, where there is one
            Double estimate = corrected != null && corrected.ratio() != null ? corrected.ratio() : slowdown;
            return new Effect(throughput, goodput, estimate, corrected, correctedStepBefore,
                    corrected != null && throughputBelow == null && corrected.present() && !decidedMark.shown(),
                    published, publishedSlowdown, throughputBelow, decidedVerdict,
                    publishedInside == null ? null : corrected.contains(publishedSlowdown), decidedMark);
        }
    }

    /**
     * What the median repeat's measured window did.
     *
     * @param work    what the server got through for the workload, transactions or not
     * @param errors  errors by SQLSTATE with their share of attempts (built-in driver)
     * @param machine the machine facts of the median repeat's step.json
     */
    public record Window(WorkDone work, String errors, MachineFacts machine, Double p50Ms, Double p95Ms,
                         Double p99Ms) {
    }

    /**
     * The server's figures of the median repeat's headline window (pgstats.json); null where not collected.
     *
     * @param walMB      WAL written in the measured window, MB (10^6 bytes)
     * @param autovacuum the median repeat's autovacuum activity (pgstats.json) and log entries; null
     *                   without a collector
     * @param io         backend type → pg_stat_io operations per second
     * @param notAvailable collector group this server's major lacks → what its cells say instead of a figure,
     *                     e.g. pg_stat_io → "n/a on 13: no pg_stat_io" (pgstats.json's unavailable)
     */
    public record Server(Double hitRatio, Double walMB, Double walKBPerTxn, Double fpiPerTxn, Long checkpointsTimed,
                         Long checkpointsRequested, Double checkpointMeanSeconds, Double autovacuumPerMinute,
                         Autovacuum autovacuum, List<String> topWaits, Map<String, Io> io, Map<String, String> notAvailable) {
    }

    /**
     * What the capture files show against the compared step.
     *
     * @param plans      the plan changes against the step it is compared with (plans.json of both median
     *                   repeats); null for the base, or when either step has no plans.json
     * @param statements the median repeat's top statements by server time against the compared step's
     *                   (statements.json); null when not captured
     * @param captures   the capture files of the median repeat and of the compared step's, for the renderings
     *                   that draw them (flame graphs); empty without a measured repeat; not in report.json
     */
    public record Captured(Plans plans, org.pgknobs.report.statements.StatementTable statements,
                           @JsonIgnore Optional<Captures> captures) {

        public Captured {
            captures = captures == null ? Optional.empty() : captures; // read back from report.json
        }
    }

    /**
     * Why the step came out as it did (the why-rules' sentences), and whether its windows held one level.
     *
     * @param nothingToActOn its changed settings whose mechanism stayed idle in it and in the step it is compared
     *                       with (their why-lines are in {@code why} too); empty when none, or not known
     * @param whyGate        the why-gate as the verdict model decided it for the comparison the why-lines read (the
     *                       step before in cumulative mode, else the base): DIFFERS exactly where that comparison is
     *                       marked ({@link VerdictModel#gate}); null for the base, and in older report.json
     */
    public record Diagnosis(List<Reason> why, Steadiness steadiness,
                            List<org.pgknobs.report.why.Inert> nothingToActOn,
                            org.pgknobs.report.why.Comparison.Throughput whyGate) {

        public Diagnosis {
            nothingToActOn = nothingToActOn == null ? List.of() : List.copyOf(nothingToActOn); // older report.json
        }

        public Diagnosis(List<Reason> why, Steadiness steadiness) {
            this(why, steadiness, List.of(), null);
        }

        /** This diagnosis with the why-gate the verdict model decided (the lines are said after it, StepBuilder). */
        Diagnosis gated(org.pgknobs.report.why.Comparison.Throughput gate) {
            return new Diagnosis(why, steadiness, nothingToActOn, gate);
        }
    }

    /**
     * The step's figures over time and per phase, for the charts.
     *
     * @param phases      phase → its throughput over the repeats
     * @param perSecond   the median repeat's headline throughput per second
     * @param checkpoints seconds into the headline window at which a checkpoint was counted
     * @param waitsOverTime the median repeat's headline window, round by round: active backends per wait
     */
    public record Series(Map<String, Stat> phases, List<StepRun.Point> perSecond, List<Double> checkpoints,
                         Map<String, List<StepRun.PhaseSample>> phaseSamples, List<StepRun.WaitRound> waitsOverTime) {
    }

    /** A step's plan changes against {@code against}, the step before (cumulative) or the base (variants). */
    public record Plans(String against, List<PlanChange> changes) {
    }

    /**
     * What the autovacuum workers did in the headline window.
     *
     * @param activity   pgstats.json's {@code derived.autovacuum}; null in files written before it was collected
     * @param logEntries the entries in the step's autovacuum.log; null where it was not copied
     */
    public record Autovacuum(org.pgknobs.collector.AutovacuumActivity activity, Long logEntries) {

        /** A step's: the activity of its headline window (null without) and its autovacuum.log's entries. */
        public static Autovacuum of(org.pgknobs.collector.AutovacuumActivity activity, Capture<Long> logEntries) {
            return new Autovacuum(activity, logEntries.strict().orElse(null));
        }
    }

    public record Io(double readsPerSecond, double writesPerSecond, double extendsPerSecond, double hitsPerSecond) {

        public double operationsPerSecond() {
            return readsPerSecond + writesPerSecond + extendsPerSecond;
        }
    }

    /** A sweep's table for one phase (the headline phase first). */
    public record PhaseTable(String phase, List<RelativeRow> rows) {
    }

    /**
     * @param relative          value ÷ base, null for base itself or without a base value
     * @param interval          the 95 % interval of value ÷ base from both sides' repeats, null where
     *                          {@code relative} is
     * @param withinNoise       there is an interval and it shows no direction ({@link Mark}: it holds 1 or the
     *                          bracketed base's drift)
     * @param publishedRelative published value ÷ published base (reference phase only)
     * @param agreement         see {@link Agreement}; null without a published value
     * @param verdict           see {@link Verdict}; null without a published value
     * @param publishedInside   whether {@code publishedRelative} lies inside {@code interval}; null without a
     *                          verdict or without an interval
     * @param mark              the direction {@code interval} shows ({@link Mark}): NONE where it holds 1, or
     *                          where there is no interval
     */
    public record RelativeRow(String step, Stat value, Double relative, EffectInterval interval, boolean withinNoise,
                              Double published, Double publishedRelative, String agreement, String verdict,
                              Boolean publishedInside, Mark mark) {

        /** This row with the mark and verdict the run's verdict model decided ({@link VerdictModel}). */
        RelativeRow decided(EffectInterval corrected, Mark decidedMark, Verdict decidedVerdict) {
            Agreement a = Agreement.of(decidedVerdict);
            EffectInterval interval = corrected;
            return new RelativeRow(step, value, interval != null && interval.ratio() != null ? interval.ratio()
                    : relative, interval, interval != null && interval.present()
                    && !decidedMark.shown(), published, publishedRelative, a == null ? null : a.label(),
                    decidedVerdict == null ? null : decidedVerdict.label(),
                    decidedVerdict == null || !interval.present() ? null : interval.contains(publishedRelative),
                    decidedMark);
        }
    }

    /**
     * One step name across runs: the headline throughput of each run (median of its repeats), and each ÷ the first
     * run's with its 95 % interval from both runs' repeats (Welch on logs, {@link EffectInterval#ratio}) and the
     * direction that interval shows; null on the first run and where a run lacks the step.
     */
    public record ComparisonRow(String step, List<Double> throughput, List<Double> ratioToFirst,
                                List<EffectInterval> intervals, List<Mark> marks) {
    }

    /**
     * PostgreSQL versions side by side (null unless the directories hold at least two majors): rows are
     * steps, columns versions; each value is the median headline throughput over that version's runs
     * of the step (all repeats, all shards), its ratio to the reference version's.
     */
    public record VersionTable(List<Integer> versions, int reference, List<VersionRow> rows) {
    }

    public record VersionRow(String step, List<VersionCell> cells) {
    }

    /**
     * @param status   done, n/a, failed ...; {@code reason} says why when nothing was measured
     * @param ratioToReference the ratio of geometric means {@code interval} is built around (the ratio of medians
     *                 where there is no interval)
     * @param interval the 95 % interval of {@code ratioToReference} from both versions' repeats; null on the
     *                 reference version and where nothing was measured
     */
    public record VersionCell(String status, Double throughput, Double ratioToReference, String reason,
                              EffectInterval interval) {
    }

    /**
     * The shards of one experiment (on one version) merged: each run divided by the base measured on its
     * own host, then combined over hosts.
     *
     * @param hosts      one column per shard, "2/4 host-b"
     * @param baseSpread (max − min) / median of the hosts' base throughputs: how alike the hosts are
     * @param missing    planned runs no directory holds with a final status, e.g. "a3 r2"
     * @param duplicated runs other than the base that more than one shard holds
     */
    public record ShardTable(String experiment, Integer pgMajor, List<String> hosts, Double baseSpread,
                             List<ShardRow> rows, List<String> missing, List<String> duplicated) {
    }

    /**
     * @param perHost  per host: the base's throughput on the base row, else this step's throughput ÷ that
     *                 host's base (median over its repeats there); null where the host did not run it
     * @param combined the ratio of geometric means {@code interval} is built around, over all hosts (the median of
     *                 every run's ratio without an interval; the base row: median base throughput)
     * @param spread   max − min of the per-host values when at least two hosts ran the step, else null
     * @param interval the 95 % interval of {@code combined}: every run's ratio against every base run's ratio to
     *                 its own host's base (Welch on logs); null on the base row
     */
    public record ShardRow(String step, boolean base, List<Double> perHost, Double combined, Double spread,
                           EffectInterval interval) {
    }
}
