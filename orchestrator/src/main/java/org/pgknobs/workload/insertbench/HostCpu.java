package org.pgknobs.workload.insertbench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.pgknobs.process.CommandResult;
import org.pgknobs.process.CommandRunner;

/**
 * Host-wide busy CPU time from /proc/stat (user, nice, system, irq, softirq, steal; idle and iowait are not
 * busy), in microseconds. Host-wide like his vmstat-based figure: it includes the server, this driver and
 * anything else running, so it is meaningful on a quiet machine only.
 */
final class HostCpu {

    private static final Path PROC_STAT = Path.of("/proc/stat");
    private final long ticksPerSecond;

    private HostCpu(long ticksPerSecond) {
        this.ticksPerSecond = ticksPerSecond;
    }

    /** Asks {@code getconf CLK_TCK}; Linux's USER_HZ is 100 nearly everywhere, used when getconf fails. */
    static HostCpu detect() {
        long hz = 100;
        try {
            CommandResult r = CommandRunner.run(List.of("getconf", "CLK_TCK"), Duration.ofSeconds(10));
            if (r.succeeded()) {
                hz = Long.parseLong(r.output().strip());
            }
        } catch (RuntimeException e) {
            // keep USER_HZ = 100
        }
        return new HostCpu(hz);
    }

    long ticksPerSecond() {
        return ticksPerSecond;
    }

    /** Busy CPU microseconds since boot, summed over all CPUs; -1 where /proc/stat is unreadable. */
    long busyMicros() {
        try {
            String cpu = Files.readAllLines(PROC_STAT).get(0);
            String[] f = cpu.trim().split("\\s+");
            // cpu user nice system idle iowait irq softirq steal (guest is already inside user)
            long busy = 0;
            for (int i : new int[] {1, 2, 3, 6, 7, 8}) {
                if (i < f.length) {
                    busy += Long.parseLong(f[i]);
                }
            }
            return busy * 1_000_000L / ticksPerSecond;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
