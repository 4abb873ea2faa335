package org.pgknobs.run;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.pgknobs.experiment.plan.PlannedRun;
import org.pgknobs.results.SuiteLayout;

/**
 * The schedule of a suite's planned runs: the fixed order (this shard's, repeats interleaved; on
 * {@code --resume} the runs already final are skipped) and, with {@code repeats: auto}, after each
 * complete round the next one {@link AutoRounds} decides, appended to the order. Each run goes through the
 * {@link StepBody}; a signal ends the schedule.
 */
final class RunsInOrder {

    private final List<PlannedRun> order;
    private final AutoRounds rounds;
    private final SuiteLayout layout;
    private final SuiteInterruption interruption;
    private final PrintStream out;

    /** @param rounds null when the repeats are fixed */
    RunsInOrder(List<PlannedRun> order, AutoRounds rounds, SuiteLayout layout, SuiteInterruption interruption,
                PrintStream out) {
        this.order = new ArrayList<>(order);
        this.rounds = rounds;
        this.layout = layout;
        this.interruption = interruption;
        this.out = out;
    }

    void run(StepBody body) {
        for (int i = 0; !body.interrupted(); i++) {
            if (i == order.size() && !nextRound(body)) {
                break;
            }
            if (body.entries().get(i).status().isFinal()) {
                continue;
            }
            if (body.run(i, order.get(i), null) == null) {
                break;
            }
        }
    }

    /**
     * {@code repeats: auto} after a complete round: records the decision and plans the next round; false
     * when the rounds stop (or the repeats are fixed).
     */
    private boolean nextRound(StepBody body) {
        if (rounds == null) {
            return false;
        }
        AutoRounds.Decision decision = rounds.afterRound(layout, body.entries());
        interruption.roundsDecided(decision.record());
        out.println("repeats auto: " + decision.record().why());
        order.addAll(decision.nextRound());
        body.planned(decision.nextRound());
        return !decision.nextRound().isEmpty();
    }
}
