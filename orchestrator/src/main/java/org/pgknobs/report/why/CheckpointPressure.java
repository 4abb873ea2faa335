package org.pgknobs.report.why;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.pgknobs.collector.CheckpointFigures;

/**
 * "3 checkpoints in the 120 s window, one every 40 s, 100 % requested (max_wal_size=32MB)": fires when
 * checkpoints came more often than every {@value #MAX_INTERVAL_SECONDS} s. One checkpoint in the window is
 * said as one event ("one checkpoint in the 30 s window"), not as a rate. A requested majority means WAL
 * volume, not checkpoint_timeout, drove them, so max_wal_size is named; otherwise checkpoint_timeout is.
 */
public final class CheckpointPressure implements WhyRule {

    static final double MAX_INTERVAL_SECONDS = 60;

    @Override
    public Optional<Reason> explain(WhyInput input) {
        CheckpointFigures c = input.checkpoints();
        if (c == null || c.meanSecondsBetween() == null || c.meanSecondsBetween() >= MAX_INTERVAL_SECONDS) {
            return Optional.empty();
        }
        Double window = input.windowSeconds();
        long counted = c.done() != null ? c.done() : c.timed() + c.requested();
        List<String> figures = new ArrayList<>(List.of("checkpoints", "windowSeconds"));
        String span = window == null ? "the window" : "the " + Numbers.brief(window) + " s window";
        StringBuilder text = new StringBuilder(counted <= 1 ? "one checkpoint in " + span
                : String.format(Locale.ROOT, "%d checkpoints in %s, one every %s s", counted, span,
                Numbers.brief(c.meanSecondsBetween())));
        long total = c.timed() + c.requested();
        String driver = "checkpoint_timeout";
        if (total > 0) {
            double requested = (double) c.requested() / total;
            text.append(counted <= 1 && total == 1 ? (c.requested() == 1 ? ", requested" : ", timed")
                    : String.format(Locale.ROOT, ", %.0f %% requested", requested * 100));
            if (requested >= 0.5) {
                driver = "max_wal_size";
            }
        }
        String setting = driver;
        input.setting(setting).ifPresent(v -> text.append(" (").append(setting).append('=').append(v).append(')'));
        figures.add("settings." + setting);
        return Optional.of(new Reason("checkpoint-pressure", text.toString(), figures));
    }
}
