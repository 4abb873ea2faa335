package org.pgknobs.run.progress;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;
import org.pgknobs.stats.SteadyState;
import org.pgknobs.stats.SteadyStateCheck;
import org.pgknobs.workload.LiveSecond;
import org.pgknobs.workload.MeasurementListener;

/**
 * The live lines of one step, what pgbench -P gives: every {@code every} seconds of a warm-up or a measured phase,
 * the throughput of those seconds, the phase's committed and failed attempts so far, the p95 latency of those
 * seconds, and whether the phase's per-second series is steady so far ({@link SteadyStateCheck}). Each line goes
 * to the console (unless quiet) and is appended, with its time and step, to every file given: the step's
 * progress.log and the suite's, which a second terminal can {@code tail -f}.
 */
public final class LiveProgress implements MeasurementListener {

    private final Consumer<String> console;
    private final List<Path> files;
    private final String step;
    private final int every;
    private final SteadyStateCheck check = SteadyStateCheck.defaults();
    private final ArrayDeque<LiveSecond> recent = new ArrayDeque<>();
    private final List<Double> series = new ArrayList<>();
    /** Each phase's measured seconds, per second: what the bracketed base's drift check sets side by side. */
    private final java.util.Map<String, List<Double>> measuredRates = new java.util.HashMap<>();
    private String phase;
    private boolean measured;
    private long committed;
    private long failed;
    private int lastLine;

    /**
     * @param console where the console's lines go (the suite's progress display), null when quiet
     * @param step    the step (and repeat) the file lines name
     */
    public LiveProgress(Consumer<String> console, List<Path> files, String step, LiveOptions options) {
        this.console = console;
        this.files = List.copyOf(files);
        this.step = step;
        this.every = (int) options.every().toSeconds();
    }

    @Override
    public void phaseStarted(String phase) {
    }

    @Override
    public void phaseEnded(String phase) {
    }

    @Override
    public synchronized void second(LiveSecond s) {
        if (!s.phase().equals(phase) || s.measured() != measured) {
            phase = s.phase();
            measured = s.measured();
            recent.clear();
            series.clear();
            committed = 0;
            failed = 0;
            lastLine = 0;
        }
        for (int i = 0; i < s.seconds(); i++) {
            series.add(s.rate());
            if (s.measured()) {
                measuredRates.computeIfAbsent(s.phase(), k -> new ArrayList<>()).add(s.rate());
            }
        }
        committed += s.committed();
        failed += s.failed();
        recent.addLast(s);
        while (recent.size() > 1 && s.second() - recent.peekFirst().second() >= every) {
            recent.removeFirst();
        }
        if (s.second() / every > lastLine / every) {
            lastLine = s.second();
            print(line(s));
        }
    }

    /** The measured seconds of {@code phase} so far, per second (empty when none). */
    public synchronized double[] measuredRates(String phase) {
        return measuredRates.getOrDefault(phase, List.of()).stream().mapToDouble(Double::doubleValue).toArray();
    }

    private String line(LiveSecond now) {
        long ops = 0;
        int seconds = 0;
        Histogram latency = new Histogram(2);
        for (LiveSecond s : recent) {
            ops += s.ops();
            seconds += s.seconds();
            latency.add(s.latencyMicros());
        }
        String p95 = latency.getTotalCount() == 0 ? "p95 -" : String.format(Locale.ROOT, "p95 %.1f ms",
                latency.getValueAtPercentile(95) / 1000.0);
        return String.format(Locale.ROOT, "%s%s %d s: %,.0f %s/s now (last %d s), %,d committed, %,d failed, %s, %s",
                phase, measured ? "" : " warm-up", now.second(), ops / (double) seconds, now.unit(), seconds, committed,
                failed, p95, steadiness());
    }

    private String steadiness() {
        SteadyState state = check.test(series.stream().mapToDouble(Double::doubleValue).toArray());
        return switch (state.verdict()) {
            case TOO_SHORT -> "steady so far: too short (" + series.size() + " of " + check.minimumSamples() + " s)";
            case STEADY -> String.format(Locale.ROOT, "steady so far (p %.2f)", state.pValue());
            case NOT_STEADY -> String.format(Locale.ROOT, "not steady so far: %+.0f %% first to last segment (p %.3f)",
                    100 * state.relativeChange(), state.pValue());
        };
    }

    private void print(String line) {
        if (console != null) {
            console.accept(line);
        }
        byte[] bytes = (Instant.now().truncatedTo(ChronoUnit.SECONDS) + " " + step + " " + line + "\n")
                .getBytes(StandardCharsets.UTF_8);
        for (Path file : files) {
            try {
                Files.write(file, bytes, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            } catch (IOException e) {
                // the live file is a help to the user; the measurement must not depend on it
                if (console != null) {
                    console.accept("cannot append to " + file + ": " + new UncheckedIOException(e).getMessage());
                }
            }
        }
    }
}
