package org.pgknobs.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.pgknobs.collector.WindowStats;

/**
 * Waits over time inside a window, from pgstats.csv: at every collector round of the window, how many active client
 * backends were in each wait (docs/pgstats.md, {@code waits.samples}: a count held at that round, not a delta; CPU:CPU
 * is active without a wait event). A round of the window that sampled no active backend is a round with an empty map,
 * not a missing one: the collector writes {@code collector.round_ms} every round, so the rounds are known.
 */
final class WaitSeries {

    private static final String WAITS = "waits.samples";

    private WaitSeries() {
    }

    /** @param lines pgstats.csv's lines, its header first */
    static List<StepRun.WaitRound> of(List<String> lines, WindowStats w) {
        Map<Long, Map<String, Integer>> rounds = new TreeMap<>();
        for (int i = 1; i < lines.size(); i++) {
            // timestamp_ms,phase,metric,labels,value; a waits row's labels hold ';' and '=', never a comma or a quote
            String[] f = lines.get(i).split(",", -1);
            if (f.length != 5 || !f[1].equals(w.phase())) {
                continue;
            }
            Map<String, Integer> round = rounds.computeIfAbsent(Long.parseLong(f[0]), t -> new LinkedHashMap<>());
            if (f[2].equals(WAITS)) {
                round.merge(event(f[3]), (int) Math.round(Double.parseDouble(f[4])), Integer::sum);
            }
        }
        List<StepRun.WaitRound> out = new ArrayList<>();
        rounds.forEach((t, backends) -> out.add(new StepRun.WaitRound((t - w.startMs()) / 1000.0, backends)));
        return out;
    }

    /** "wait_event_type=IO;wait_event=WalSync" → "IO:WalSync", as the report names waits elsewhere. */
    private static String event(String labels) {
        String type = "";
        String event = "";
        for (String kv : labels.split(";")) {
            int eq = kv.indexOf('=');
            if (eq > 0 && kv.substring(0, eq).equals("wait_event_type")) {
                type = kv.substring(eq + 1);
            } else if (eq > 0 && kv.substring(0, eq).equals("wait_event")) {
                event = kv.substring(eq + 1);
            }
        }
        return type + ":" + event;
    }
}
