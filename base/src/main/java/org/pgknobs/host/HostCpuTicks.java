package org.pgknobs.host;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.pgknobs.process.CommandResult;
import org.pgknobs.process.CommandRunner;

/**
 * Host-wide busy CPU time from the first line of /proc/stat, split as vmstat splits it: "us" = user + nice,
 * "sy" = system + irq + softirq (idle, iowait and steal are not busy; guest time is already inside user).
 * Callaghan's CPU per operation is (us + sy) from vmstat; this is the same counter read directly. It covers
 * the whole host (server, driver, anything else), so it means something on a quiet machine only.
 */
public final class HostCpuTicks {

    private static final Path PROC_STAT = Path.of("/proc/stat");
    private final long ticksPerSecond;
    private final Path procStat;

    HostCpuTicks(long ticksPerSecond, Path procStat) {
        this.ticksPerSecond = ticksPerSecond;
        this.procStat = procStat;
    }

    public static HostCpuTicks detect() {
        return new HostCpuTicks(clockTicksPerSecond(), PROC_STAT);
    }

    /**
     * The tick of /proc/stat and /proc/&lt;pid&gt;/stat: asks {@code getconf CLK_TCK}; Linux's USER_HZ is 100
     * nearly everywhere, used when getconf fails.
     */
    public static long clockTicksPerSecond() {
        try {
            CommandResult r = CommandRunner.run(List.of("getconf", "CLK_TCK"), Duration.ofSeconds(10));
            if (r.succeeded()) {
                return Long.parseLong(r.output().strip());
            }
        } catch (RuntimeException e) {
            // keep USER_HZ = 100
        }
        return 100;
    }

    public long ticksPerSecond() {
        return ticksPerSecond;
    }

    /** us + sy CPU microseconds since boot, summed over all CPUs; -1 where /proc/stat is unreadable. */
    public long busyMicros() {
        return CpuTicks.read(procStat).map(t -> t.userPlusSystem() * 1_000_000L / ticksPerSecond).orElse(-1L);
    }
}
