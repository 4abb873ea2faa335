package org.pgknobs.results;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.pgknobs.json.Json;

/**
 * profile.json: how the profile was taken and what it found, or why there is none ({@code profile} takes it).
 *
 * @param status            {@code captured} or {@code absent}
 * @param reason            why it is absent (perf missing, not allowed, failed), else null
 * @param hz                perf's sampling frequency per thread
 * @param method            the event and the stack method, e.g. {@code cpu-clock, --call-graph dwarf}
 * @param windows           the measured windows the samples were kept for, and how their times were known
 * @param samplesRecorded   every sample perf took of the server's processes (warm-up included)
 * @param samples           those inside the windows: the profile
 * @param perfCpuPercentOfOneCpu perf record's own CPU over the windows, in % of one CPU (null where not read)
 * @param perfCpuPercentOfMachine the same in % of all the machine's CPUs, comparable with step.json's shares
 * @param scriptSeconds     wall seconds of perf script and the folding after the run (outside every window)
 * @param topSelf           the functions where the samples were (leaf), largest share first, percent
 * @param topTotal          the functions on the samples' stacks (themselves and callees), percent
 */
public record ProfileSummary(String status, String reason, Integer hz, String method, List<Window> windows,
                             Long samplesRecorded, Long samples, Double perfCpuPercentOfOneCpu,
                             Double perfCpuPercentOfMachine, Double scriptSeconds, List<FunctionShare> topSelf,
                             List<FunctionShare> topTotal) {

    public static final String FILE = "profile.json";
    public static final String CAPTURED = "captured";
    public static final String ABSENT = "absent";

    /** One window: its phase, seconds, and where its bounds came from ({@code listener} or {@code pgstats.json}). */
    public record Window(String phase, double seconds, String source) {
    }

    /** A function's share of the profile's samples, percent. */
    public record FunctionShare(String function, double percent) {
    }

    public static ProfileSummary absent(String reason) {
        return new ProfileSummary(ABSENT, reason, null, null, List.of(), null, null, null, null, null, List.of(), List.of());
    }

    public boolean captured() {
        return CAPTURED.equals(status);
    }

    public static Optional<ProfileSummary> read(Path stepDir) {
        Path file = stepDir.resolve(FILE);
        return Files.isRegularFile(file) ? Optional.of(Json.read(file, ProfileSummary.class)) : Optional.empty();
    }

    public void write(Path stepDir) {
        Json.write(stepDir.resolve(FILE), this);
    }
}
