package org.pgknobs.run.capture;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.pgknobs.collector.PgStats;
import org.pgknobs.collector.PgStatsFiles;
import org.pgknobs.collector.WindowStats;
import org.pgknobs.host.CpuSet;
import org.pgknobs.host.HostCpuTicks;
import org.pgknobs.host.ProcessCpu;
import org.pgknobs.profile.FoldedStacks;
import org.pgknobs.profile.PerfRecorder;
import org.pgknobs.profile.PerfScriptFolding;
import org.pgknobs.profile.TimeWindow;
import org.pgknobs.results.ProfileSummary;
import org.pgknobs.server.Workspace;
import org.pgknobs.workload.MeasurementListener;
import org.pgknobs.results.WorkloadResult;

/**
 * {@code observe: [profile]} for one step: perf records the server's process tree from before the warm-up
 * to after the run, and only the samples inside the measured windows are folded into profile.folded.
 * The windows are the workload's own phase events here; when the window opens inside another JVM
 * (BenchBase with pgknobs' agent) they are the agent's window in pgstats.json, whose epoch milliseconds
 * are put on CLOCK_MONOTONIC with the pair of clocks read when the recording started. Never fails a step:
 * every trouble ends as profile.json saying why the profile is absent.
 */
final class ProfileCapture implements MeasurementListener {

    private static final int ATTEMPTS = 3;

    private final PerfRecorder recorder;
    private final String absent;
    private final Path scratch;
    private final long epochMsAtStart = System.currentTimeMillis();
    private final long nanosAtStart = System.nanoTime();
    private final Map<String, long[]> open = new LinkedHashMap<>();
    private final List<TimeWindow> windows = new ArrayList<>();
    private long perfTicks;
    private boolean perfTicksKnown = true;

    private ProfileCapture(PerfRecorder recorder, String absent, Path scratch) {
        this.recorder = recorder;
        this.absent = absent;
        this.scratch = scratch;
    }

    /**
     * As a step's capture: perf starts before the run and covers its warm-up, is folded after it, and is only
     * ended when the run failed.
     */
    static StepCapture forStep(Long postmaster) {
        return new StepCapture() {
            private ProfileCapture profile;

            @Override
            public void beforeRun(StepSubject step) {
                step.say().accept("starting perf on the server's processes");
                profile = start(postmaster);
            }

            @Override
            public void phaseStarted(String phase) {
                profile.phaseStarted(phase);
            }

            @Override
            public void phaseEnded(String phase) {
                profile.phaseEnded(phase);
            }

            @Override
            public void afterRun(StepSubject step, WorkloadResult result) {
                step.say().accept("folding the server's CPU profile");
                profile.finish(step.dir(), step.workload().collectsItsOwnStats());
            }

            @Override
            public void abandon() {
                if (profile != null) {
                    profile.abandon();
                }
            }
        };
    }

    /** Starts perf on the postmaster's tree, or a capture that only writes why there is no profile. */
    static ProfileCapture start(Long postmaster) {
        if (postmaster == null) {
            return new ProfileCapture(null, "the server's processes are not visible to pgknobs (an external server)", null);
        }
        Optional<String> unsupported = PerfRecorder.unsupported();
        if (unsupported.isPresent()) {
            return new ProfileCapture(null, unsupported.get(), null);
        }
        Optional<Path> perf = PerfRecorder.locate();
        if (perf.isEmpty()) {
            return new ProfileCapture(null, "perf is not installed (Debian: apt-get install linux-perf)", null);
        }
        Path scratch = null;
        try {
            scratch = Files.createTempDirectory("pgknobs-perf");
            for (int attempt = 1; ; attempt++) {
                List<Long> pids = ProcessCpu.tree(postmaster);
                if (pids.isEmpty()) {
                    Workspace.delete(scratch);
                    return new ProfileCapture(null, "the postmaster (pid " + postmaster + ") is gone", null);
                }
                try {
                    return new ProfileCapture(PerfRecorder.start(perf.get(), pids, scratch.resolve("perf.data")), null, scratch);
                } catch (IOException e) {
                    // a short-lived child (a backend) ended between listing the tree and perf attaching to it
                    if (attempt == ATTEMPTS || !String.valueOf(e.getMessage()).contains("No such process")) {
                        throw e;
                    }
                    Files.deleteIfExists(scratch.resolve("perf.data"));
                }
            }
        } catch (IOException | RuntimeException e) {
            if (scratch != null) {
                Workspace.delete(scratch);
            }
            return new ProfileCapture(null, "perf record could not start: " + e.getMessage(), null);
        }
    }

    @Override
    public void phaseStarted(String phase) {
        open.put(phase, new long[] {System.nanoTime(), perfTicks()});
    }

    @Override
    public void phaseEnded(String phase) {
        long[] start = open.remove(phase);
        if (start != null) {
            long ticks = perfTicks();
            perfTicks += ticks - start[1];
            windows.add(new TimeWindow(phase, start[0], System.nanoTime()));
        }
    }

    private long perfTicks() {
        Optional<Long> t = recorder == null ? Optional.empty() : recorder.ticks();
        perfTicksKnown &= t.isPresent();
        return t.orElse(0L);
    }

    /**
     * Stops perf and writes profile.folded and profile.json into the step directory.
     *
     * @param windowsInPgStats the workload's phase events do not bound its measured window (BenchBase's
     *                         agent does): the windows are read from the step's pgstats.json
     */
    void finish(Path dir, boolean windowsInPgStats) {
        if (recorder == null) {
            ProfileSummary.absent(absent).write(dir);
            return;
        }
        try {
            recorder.stop();
            List<TimeWindow> cut = windowsInPgStats ? pgStatsWindows(dir) : windows;
            if (cut.isEmpty()) {
                ProfileSummary.absent("no measured window was seen (the workload ended before measuring)").write(dir);
                return;
            }
            long t0 = System.nanoTime();
            PerfScriptFolding.Result folded = recorder.fold(cut);
            double scriptSeconds = (System.nanoTime() - t0) / 1e9;
            folded.stacks().write(dir);
            summary(folded, cut, windowsInPgStats, scriptSeconds).write(dir);
        } catch (IOException | RuntimeException e) {
            ProfileSummary.absent("perf failed: " + e.getMessage()).write(dir);
        } finally {
            recorder.kill();
            Workspace.delete(scratch);
        }
    }

    /** Ends perf without a profile (the step failed before its run ended). */
    void abandon() {
        if (recorder != null) {
            recorder.kill();
            Workspace.delete(scratch);
        }
    }

    private ProfileSummary summary(PerfScriptFolding.Result r, List<TimeWindow> cut, boolean fromPgStats, double scriptSeconds) {
        double seconds = cut.stream().mapToDouble(TimeWindow::seconds).sum();
        Double ofOneCpu = null;
        Double ofMachine = null;
        // perf's CPU is read at our own phase events; with the agent those span BenchBase's whole run
        if (perfTicksKnown && !windows.isEmpty() && seconds > 0) {
            double listened = windows.stream().mapToDouble(TimeWindow::seconds).sum();
            ofOneCpu = round(100.0 * perfTicks / HostCpuTicks.clockTicksPerSecond() / listened);
            ofMachine = round(ofOneCpu / CpuSet.online().size());
        }
        FoldedStacks s = r.stacks();
        List<ProfileSummary.Window> ws = cut.stream()
                .map(w -> new ProfileSummary.Window(w.phase(), round(w.seconds()), fromPgStats ? "pgstats.json" : "listener"))
                .toList();
        return new ProfileSummary(ProfileSummary.CAPTURED, null, PerfRecorder.HZ, PerfRecorder.METHOD, ws, r.samplesRead(),
                r.samplesInWindows(), ofOneCpu, ofMachine, round(scriptSeconds), FoldedStacks.topShares(s.selfShares()),
                FoldedStacks.topShares(s.totalShares()));
    }

    /** The agent's windows (epoch ms of the same host) on CLOCK_MONOTONIC. */
    private List<TimeWindow> pgStatsWindows(Path dir) {
        Path file = PgStatsFiles.json(dir, "");
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        PgStats stats = PgStatsFiles.read(file);
        List<TimeWindow> out = new ArrayList<>();
        for (WindowStats w : stats.windows()) {
            out.add(new TimeWindow(w.phase(), monotonic(w.startMs()), monotonic(w.endMs())));
        }
        return out;
    }

    private long monotonic(long epochMs) {
        return nanosAtStart + (epochMs - epochMsAtStart) * 1_000_000L;
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
