package org.pgknobs.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.pgknobs.collector.WindowStats;

/**
 * When checkpoints happened inside a window, from pgstats.csv: every round whose checkpoint counter grew
 * gives one mark per checkpoint at (round time − window start). PostgreSQL 18 counts completed
 * checkpoints in num_done; before it, num_timed + num_requested is the only count there is.
 */
final class CheckpointSeries {

    private static final String DONE = "checkpoints.num_done";
    private static final Set<String> BEFORE_18 = Set.of("checkpoints.num_timed", "checkpoints.num_requested");

    private CheckpointSeries() {
    }

    /** @param lines pgstats.csv's lines, its header first */
    static List<Double> of(List<String> lines, WindowStats w) {
        List<String[]> rows = new ArrayList<>();
        boolean hasDone = false;
        for (int i = 1; i < lines.size(); i++) {
            // timestamp_ms,phase,metric,labels,value: checkpoint rows have no labels, so no quoting
            String[] f = lines.get(i).split(",", -1);
            if (f.length == 5 && f[2].startsWith("checkpoints.num_") && f[1].equals(w.phase())) {
                rows.add(f);
                hasDone |= f[2].equals(DONE);
            }
        }
        List<Double> marks = new ArrayList<>();
        for (String[] f : rows) {
            if (hasDone ? f[2].equals(DONE) : BEFORE_18.contains(f[2])) {
                double at = (Long.parseLong(f[0]) - w.startMs()) / 1000.0;
                long count = Math.round(Double.parseDouble(f[4]));
                for (long k = 0; k < count; k++) {
                    marks.add(at);
                }
            }
        }
        return marks.stream().sorted().toList();
    }
}
