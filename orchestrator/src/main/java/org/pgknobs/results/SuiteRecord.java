package org.pgknobs.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * suite.json: the whole suite at a glance, rewritten after every step. Steps are listed in plan order
 * with their current status; the per-step files stay the source of truth for results. {@code tags} say
 * which version and shard of a larger run this directory is. {@code trialStarts} are the configurations
 * started on an empty cluster before the load (empty when the trial was off, and in older files);
 * {@code selection} (null without {@code --steps}) which steps were chosen and how, so a report renders
 * them as the run did. {@code loads} say where each cluster's data came from: loaded by this run or
 * copied from the load cache (empty before the first load, and in older files); {@code rounds} (null unless
 * {@code repeats: auto}) how many rounds ran and why they stopped; {@code observed} (null when nothing was
 * observed, and in older files) the optional captures of {@code observe:} and the settings they added to
 * every step; {@code bracket} (null when the base was not bracketed, and in older files) the bracketed base's rule and
 * its discarded warm-up runs: the base's measurements themselves are its entries (every one a repeat of the base).
 */
public record SuiteRecord(@JsonUnwrapped Origin origin, @JsonUnwrapped Progress progress, RunEnvironment environment,
                          List<Entry> steps, RunTags tags, List<TrialStart> trialStarts, Selection selection,
                          List<DataLoad> loads, Rounds rounds, Observed observed, Bracket bracket) {

    public SuiteRecord(Origin origin, Progress progress, RunEnvironment environment,
                       List<Entry> steps, RunTags tags, List<TrialStart> trialStarts, Selection selection,
                       List<DataLoad> loads, Rounds rounds, Observed observed) {
        this(origin, progress, environment, steps, tags, trialStarts, selection, loads, rounds, observed, null);
    }

    public SuiteRecord {
        origin = origin == null ? new Origin(null, null, null, null) : origin;
        progress = progress == null ? new Progress(null, null, null) : progress;
        trialStarts = trialStarts == null ? List.of() : List.copyOf(trialStarts);
        loads = loads == null ? List.of() : List.copyOf(loads);
    }

    public SuiteRecord(Origin origin, Progress progress, RunEnvironment environment, List<Entry> steps, RunTags tags,
                       List<TrialStart> trialStarts, Selection selection, List<DataLoad> loads) {
        this(origin, progress, environment, steps, tags, trialStarts, selection, loads, null, null, null);
    }

    public SuiteRecord(Origin origin, Progress progress, RunEnvironment environment, List<Entry> steps, RunTags tags) {
        this(origin, progress, environment, steps, tags, List.of(), null, List.of(), null, null, null);
    }

    /**
     * What ran, unwrapped in suite.json (keys {@code experiment}, {@code source}, {@code profile}, {@code sets}).
     *
     * @param experiment the experiment's name
     * @param source     the file it was read from
     * @param profile    the profile it ran with
     * @param sets       the sets applied on top of it
     * @param grant      who granted its gated settings (null: none used, and then not written, as before grants)
     */
    public record Origin(String experiment, String source, String profile, List<String> sets,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Granted grant) {

        public Origin(String experiment, String source, String profile, List<String> sets) {
            this(experiment, source, profile, sets, null);
        }
    }

    /**
     * How the run's gated settings were granted (null when it used none, and in older files): {@code by} "command
     * line" ({@code --allow}), "trust" (the user's trust in the file's content, {@code sha256}) or both.
     */
    public record Granted(List<String> kinds, String by, String sha256) {
    }

    /** Where the suite stands, unwrapped in suite.json (keys {@code status}, {@code started}, {@code updated}). */
    public record Progress(String status, Instant started, Instant updated) {
    }

    /** suite.json files written before tags existed read as an untagged whole run. */
    public RunTags tagsOrNone() {
        return tags != null ? tags : new RunTags(null, null, null);
    }

    public SuiteRecord with(String newStatus, List<Entry> newSteps) {
        return new SuiteRecord(origin, updated(newStatus), environment, newSteps, tags, trialStarts, selection, loads,
                rounds, observed, bracket);
    }

    public SuiteRecord withTrialStarts(List<TrialStart> trials) {
        return new SuiteRecord(origin, updated(progress.status()), environment, steps, tags, trials, selection, loads,
                rounds, observed, bracket);
    }

    public SuiteRecord withLoads(List<DataLoad> newLoads) {
        return new SuiteRecord(origin, updated(progress.status()), environment, steps, tags, trialStarts, selection,
                newLoads, rounds, observed, bracket);
    }

    public SuiteRecord withRounds(Rounds newRounds) {
        return new SuiteRecord(origin, updated(progress.status()), environment, steps, tags, trialStarts, selection,
                loads, newRounds, observed, bracket);
    }

    public SuiteRecord withBracket(Bracket newBracket) {
        return new SuiteRecord(origin, updated(progress.status()), environment, steps, tags, trialStarts, selection,
                loads, rounds, observed, newBracket);
    }

    /**
     * The bracketed base: its measurements are the base's entries, in the order they ran (repeat 1 first).
     *
     * @param base     the base step's name
     * @param every    at most this many runs of other steps between two measurements of the base
     * @param order    how the order within rounds was varied
     * @param warmups  the discarded warm-up runs of the base, one per start of the suite (a --resume adds one); never
     *                 in a statistic
     */
    public record Bracket(String base, int every, String order, List<Warmup> warmups) {

        public Bracket {
            warmups = warmups == null ? List.of() : List.copyOf(warmups);
        }
    }

    /**
     * One discarded warm-up run of the base.
     *
     * @param dir        its directory (steps/NN-base/warmup[-N]), relative to the result directory
     * @param throughput its headline throughput, null when it did not measure
     */
    public record Warmup(String dir, StepStatus status, String reason, Instant started, Double throughput) {
    }

    private Progress updated(String status) {
        return new Progress(status, progress.started(), Instant.now());
    }

    /** The steps of {@code selection} that are not the published step, with why; empty without a selection. */
    public Map<String, String> notPublished() {
        return selection == null || selection.notPublished() == null ? Map.of() : selection.notPublished();
    }

    /**
     * What {@code --steps} chose. {@code stepsOnly}: the steps ran with their own settings on the base and
     * the chosen steps before them only (cumulative), not each as the chain defines it.
     *
     * @param notPublished step → why its published value does not apply (no published value, no verdict)
     */
    public record Selection(List<String> steps, boolean stepsOnly, Map<String, String> notPublished) {
    }

    /**
     * What {@code observe:} (and {@code --observe}) turned on, e.g. [statements], and the settings it added to
     * every step, the base included, e.g. shared_preload_libraries → pg_stat_statements.
     */
    public record Observed(List<String> captures, Map<String, String> addedSettings) {
    }

    /** One planned step × repeat. */
    public record Entry(int index, String name, int repeat, String dir, StepStatus status, String reason) {
    }

    /**
     * One distinct server configuration started before the load: the steps that share it, whether
     * PostgreSQL started with it (and verified it in pg_settings), how long that took, and why not.
     */
    public record TrialStart(List<String> steps, List<String> initdb, boolean started, double seconds, String reason) {
    }

    /**
     * Where one cluster's data came from. {@code source}: "load" (this run loaded it; {@code cacheKey} set
     * when it then stored it in the load cache) or "cache" (copied from the load cache entry {@code cacheKey},
     * which a load at {@code originalLoadedAt} taking {@code originalSeconds} made). {@code seconds}: this
     * run's time for it (the load, or the copy).
     */
    public record DataLoad(List<String> initdb, String source, double seconds, String cacheKey,
                           Instant originalLoadedAt, Double originalSeconds) {
    }

    /**
     * {@code repeats: auto}: the rounds so far and the last decision, rewritten after every round.
     *
     * @param min         the fewest rounds
     * @param max         the most rounds
     * @param target      the relative half-width that counts as narrow (0.03)
     * @param rounds      complete rounds so far
     * @param stopped     whether the rounds stopped (false while they go on, or when a signal cut them short)
     * @param reason      the rule's reason: below-min, round-incomplete, unsettled, settled, max-rounds
     * @param why         the same in words
     * @param comparisons every step against the step it is compared with, and which condition held
     */
    public record Rounds(int min, int max, double target, int rounds, boolean stopped, String reason, String why,
                         List<RoundComparison> comparisons) {

        public Rounds {
            comparisons = comparisons == null ? List.of() : List.copyOf(comparisons);
        }
    }

    /**
     * One step's state in the rounds: {@code condition} is {@code clear-of-1}, {@code narrower-than-target} (both
     * when both hold: {@code clear-of-1, narrower-than-target}), {@code unsettled}, {@code no-interval} (with
     * {@code note} saying why) or {@code not-compared} (the step or its reference has a repeat that did not
     * complete: failed, rejected, n/a, expected to fail, or nothing completed; it runs no more rounds).
     *
     * @param ratio     step ÷ reference (null without an interval)
     * @param lower     the 95 % interval's lower end
     * @param upper     its upper end
     * @param halfWidth sqrt(upper / lower) − 1, what {@code target} is compared with
     */
    public record RoundComparison(String step, String reference, String condition, Double ratio, Double lower,
                                  Double upper, Double halfWidth, String note) {
    }
}
