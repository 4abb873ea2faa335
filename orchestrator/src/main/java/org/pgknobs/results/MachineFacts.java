package org.pgknobs.results;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the machine did while a step was measured, so a report can tell the settings' effect from the
 * machine's limits (docs/results.md). Every figure may be null; {@code absent} then says why (figure name →
 * reason), so a missing figure is never mistaken for a zero.
 *
 * @param cpu    per measured phase: host CPU use during exactly that window
 * @param fsync  one 8 kB write + sync on the data directory's filesystem with the step's wal_sync_method
 *               (probed once per suite and method)
 * @param reads  pg_stat_io read_time per read in the headline window (only where the step had track_io_timing on)
 * @param data   database size against shared_buffers and RAM at the end of the step
 */
public record MachineFacts(Map<String, Cpu> cpu, Fsync fsync, Reads reads, Data data, Map<String, String> absent) {

    public MachineFacts {
        cpu = cpu == null ? Map.of() : new LinkedHashMap<>(cpu);
        absent = absent == null ? Map.of() : new LinkedHashMap<>(absent);
    }

    /**
     * Shares of the whole machine's CPU capacity (all cores = 100 %), from /proc/stat and /proc/&lt;pid&gt;/stat.
     *
     * @param clientPercent the pgknobs JVM and its child processes (a BenchBase JVM), server excluded
     * @param serverPercent the postmaster and every process under it; null for an external server
     * @param stealPercent  time the hypervisor gave the machine's CPUs to another guest (/proc/stat steal), inside
     *                      busyPercent; null in step.json files written before it was recorded
     */
    public record Cpu(double seconds, int cores, double busyPercent, double userPercent, double systemPercent,
                      double iowaitPercent, Double clientPercent, Double serverPercent, Double stealPercent) {
    }

    public record Fsync(String method, long ops, double seconds, double opsPerSecond, double meanMs, double maxMs) {
    }

    /** @param microsPerRead pg_stat_io read_time ÷ reads over every backend type, relations only */
    public record Reads(long reads, double readMillis, Double microsPerRead) {
    }

    public record Data(Long databaseBytes, Long sharedBuffersBytes, Long ramBytes) {
    }

    public Cpu cpu(String phase) {
        return cpu.get(phase);
    }
}
