package org.pgknobs.report.why;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.pgknobs.collector.CheckpointFigures;

/**
 * "checkpoints every 0.5 s, 98 % requested (max_wal_size=32MB)": fires when checkpoints came more often
 * than every {@value #MAX_INTERVAL_SECONDS} s. A requested majority means WAL volume, not
 * checkpoint_timeout, drove them, so max_wal_size is named; otherwise checkpoint_timeout is.
 */
public final class CheckpointPressure implements WhyRule {

    static final double MAX_INTERVAL_SECONDS = 60;

    @Override
    public Optional<Reason> explain(WhyInput input) {
        CheckpointFigures c = input.step().checkpoints();
        if (c == null || c.meanSecondsBetween() == null || c.meanSecondsBetween() >= MAX_INTERVAL_SECONDS) {
            return Optional.empty();
        }
        long total = c.timed() + c.requested();
        List<String> figures = new ArrayList<>(List.of("checkpoints.meanSecondsBetween", "checkpoints.timed",
                "checkpoints.requested"));
        StringBuilder text = new StringBuilder(String.format(Locale.ROOT, "checkpoints every %s s",
                Numbers.brief(c.meanSecondsBetween())));
        String driver = "checkpoint_timeout";
        if (total > 0) {
            double requested = (double) c.requested() / total;
            text.append(String.format(Locale.ROOT, ", %.0f %% requested", requested * 100));
            if (requested >= 0.5) {
                driver = "max_wal_size";
            }
        }
        String setting = driver;
        input.setting(setting).ifPresent(v -> {
            text.append(" (").append(setting).append('=').append(v).append(')');
            figures.add("settings." + setting);
        });
        return Optional.of(new Reason("checkpoint-pressure", text.toString(), figures));
    }
}
