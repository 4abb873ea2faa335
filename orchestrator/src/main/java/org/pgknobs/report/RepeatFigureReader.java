package org.pgknobs.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import org.pgknobs.collector.Derived;
import org.pgknobs.report.why.RepeatFigures;
import org.pgknobs.results.PhaseResult;
import org.pgknobs.results.StepStatus;

/**
 * The figures of each measured repeat of two steps ({@link RepeatFigures}): what the line of a differing step no rule
 * explains tests for "what moved most". Each is read from the headline window as the steps table shows it.
 */
final class RepeatFigureReader {

    /** One figure: its name, unit, where it is read, and how from one repeat (null: not recorded). */
    private record Read(String name, String unit, String source, Function<Repeat, Double> value) {
    }

    /** One repeat's headline phase, workload outcome and collector figures. */
    private record Repeat(StepRun run, PhaseResult phase, Outcome outcome, Derived derived) {
    }

    private static final List<Read> READS = List.of(
            new Read("p95 latency", "ms", "latencyMs.p95", r -> r.phase().latencyMs() == null ? null
                    : r.phase().latencyMs().p95()),
            new Read("p50 latency", "ms", "latencyMs.p50", r -> r.phase().latencyMs() == null ? null
                    : r.phase().latencyMs().p50()),
            new Read("failed attempts", "%", "attempts", RepeatFigureReader::failedPercent),
            new Read("client hit ratio", "%", "clientHitRatio", r -> r.derived() == null
                    || r.derived().clientHitRatio() == null ? null : 100 * r.derived().clientHitRatio()),
            new Read("WAL per committed transaction", "kB", "walBytes", RepeatFigureReader::walPerCommitted),
            new Read("checkpoints", "", "checkpoints", r -> r.derived() == null || r.derived().checkpoints() == null
                    ? null : (double) (r.derived().checkpoints().timed() + r.derived().checkpoints().requested())),
            new Read("machine CPU busy", "%", "machine.cpu", r -> r.run().result().machine() == null
                    || r.run().result().machine().cpu(r.phase().name()) == null ? null
                    : r.run().result().machine().cpu(r.phase().name()).busyPercent()));

    private RepeatFigureReader() {
    }

    static RepeatFigures of(List<StepRun> step, List<StepRun> compared, String headline) {
        List<Repeat> mine = repeats(step, headline);
        List<Repeat> theirs = repeats(compared, headline);
        List<RepeatFigures.Figure> out = new ArrayList<>();
        for (Read r : READS) {
            List<Double> a = mine.stream().map(r.value()).filter(Objects::nonNull).toList();
            List<Double> b = theirs.stream().map(r.value()).filter(Objects::nonNull).toList();
            if (!a.isEmpty() && !b.isEmpty()) {
                out.add(new RepeatFigures.Figure(r.name(), r.unit(), r.source(), a, b));
            }
        }
        return new RepeatFigures(out);
    }

    private static List<Repeat> repeats(List<StepRun> runs, String headline) {
        return runs.stream().filter(r -> r.status() == StepStatus.DONE && r.measured())
                .map(r -> Repeats.phase(r, headline).map(p -> new Repeat(r, p, Outcome.of(p),
                        Repeats.derived(r, headline).orElse(null)))).flatMap(Optional::stream).toList();
    }

    private static Double failedPercent(Repeat r) {
        Long attempts = r.outcome().attempts();
        return attempts == null || attempts == 0 ? null : 100.0 * (attempts - r.outcome().successful()) / attempts;
    }

    private static Double walPerCommitted(Repeat r) {
        Derived d = r.derived();
        if (d == null || d.wal() == null || d.wal().bytes() == null || r.outcome().successful() == 0) {
            return null;
        }
        return d.wal().bytes().total() / r.outcome().successful() / 1e3;
    }
}
