package org.pgknobs.history;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import org.pgknobs.report.EffectInterval;
import org.pgknobs.report.Stat;

/**
 * {@code pgknobs history}: each step's series, one line per run: when, the value (median of its repeats with their
 * range), the change against the run before with its 95 % interval (the report's {@link EffectInterval#ratio}), and
 * what differed from the run before: settings, workload, PostgreSQL version or build, pgknobs version, machine.
 */
public final class HistoryView {

    private HistoryView() {
    }

    public static List<String> lines(List<StoredStep> steps) {
        Map<String, List<StoredStep>> series = new LinkedHashMap<>();
        steps.forEach(s -> series.computeIfAbsent(s.run().experiment() + " / " + s.step().step() + " / "
                + s.step().metric(), k -> new ArrayList<>()).add(s));
        List<String> out = new ArrayList<>();
        series.forEach((name, runs) -> {
            out.add(name + " (throughput per second, " + runs.size() + " run(s))");
            StoredStep before = null;
            for (StoredStep s : runs) {
                out.add("  " + line(s, before));
                before = s;
            }
        });
        return out;
    }

    static String line(StoredStep s, StoredStep before) {
        Stat v = Stat.of(s.step().numbers());
        String value = v == null ? "no value" : Figures.number(v.median()) + "/s (" + (v.n() == 1 ? "1 repeat"
                : "median of " + v.n() + ", " + Figures.number(v.min()) + "–" + Figures.number(v.max())) + ")";
        String when = s.run().started() == null ? "?" : s.run().started().substring(0, Math.min(16,
                s.run().started().length())).replace('T', ' ');
        if (before == null) {
            return when + "  " + value + "  first run";
        }
        EffectInterval change = EffectInterval.ratio("the run before", before.step().numbers(), s.step().numbers());
        String verdict = !change.present() || change.ratio() == null ? ""
                : change.lower() > 1 ? " higher" : change.upper() < 1 ? " lower" : " no change detected";
        List<String> differed = differed(before, s);
        return when + "  " + value + "  vs the run before: " + Figures.interval(change) + verdict
                + (differed.isEmpty() ? "" : "  differed: " + String.join("; ", differed));
    }

    /** What is not the same as in the run before. */
    public static List<String> differed(StoredStep before, StoredStep now) {
        List<String> out = new ArrayList<>();
        if (!before.step().fingerprint().equals(now.step().fingerprint())) {
            List<String> changed = new ArrayList<>();
            TreeSet<String> names = new TreeSet<>(before.step().settings().keySet());
            names.addAll(now.step().settings().keySet());
            for (String n : names) {
                String a = before.step().settings().get(n);
                String b = now.step().settings().get(n);
                if (!Objects.equals(a, b)) {
                    changed.add(n + " " + (a == null ? "(unset)" : a) + " → " + (b == null ? "(unset)" : b));
                }
            }
            out.add("settings " + String.join(", ", changed));
        }
        if (!Objects.equals(before.run().workload(), now.run().workload())) {
            out.add("workload spec");
        }
        RunFacts a = before.run();
        RunFacts b = now.run();
        if (!Objects.equals(a.postgresVersion(), b.postgresVersion())) {
            out.add("PostgreSQL " + a.postgresVersion() + " → " + b.postgresVersion());
        } else if (!Objects.equals(a.postgresBuild(), b.postgresBuild())) {
            out.add("PostgreSQL build");
        }
        if (!Objects.equals(a.pgknobsVersion(), b.pgknobsVersion()) || !Objects.equals(a.pgknobsCommit(), b.pgknobsCommit())) {
            out.add("pgknobs " + short7(a.pgknobsVersion(), a.pgknobsCommit()) + " → " + short7(b.pgknobsVersion(), b.pgknobsCommit()));
        }
        if (!Objects.equals(a.host(), b.host())) {
            out.add("host");
        }
        String machine = machineDiffered(before, now);
        if (!machine.isEmpty()) {
            out.add("machine differed: " + machine);
        }
        return out;
    }

    /**
     * The calibration probes that differed beyond their noise tolerance between the run before and this one
     * ("cpu ×0.55 [0.52, 0.58]"), or "" when none did or either run has no calibration.
     */
    public static String machineDiffered(StoredStep before, StoredStep now) {
        return Calibration.parse(now.run().calibration()).differing(Calibration.parse(before.run().calibration()));
    }

    private static String short7(String version, String commit) {
        return version + (commit == null ? "" : "@" + commit.substring(0, Math.min(7, commit.length())));
    }
}
