package org.pgknobs.host;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The machine's CPU time since boot from the first ("cpu") line of /proc/stat, in clock ticks summed over
 * all cores. Shares are ratios of two deltas in the same unit, so the tick length never matters.
 */
public record CpuTicks(long user, long nice, long system, long idle, long iowait, long irq, long softirq, long steal) {

    private static final Path PROC_STAT = Path.of("/proc/stat");

    /** Empty where /proc/stat cannot be read (not Linux). */
    public static Optional<CpuTicks> read() {
        try {
            return ProcFiles.firstLine(PROC_STAT).map(CpuTicks::parse);
        } catch (RuntimeException e) {
            return Optional.empty(); // a line the kernel never writes: treat as unreadable
        }
    }

    /** {@code cpu  user nice system idle iowait irq softirq steal [guest guest_nice]}; guest is inside user. */
    static CpuTicks parse(String cpuLine) {
        String[] f = cpuLine.trim().split("\\s+");
        if (!f[0].equals("cpu")) {
            throw new IllegalArgumentException("not the cpu line of /proc/stat: " + cpuLine);
        }
        return new CpuTicks(at(f, 1), at(f, 2), at(f, 3), at(f, 4), at(f, 5), at(f, 6), at(f, 7), at(f, 8));
    }

    private static long at(String[] f, int i) {
        return i < f.length ? Long.parseLong(f[i]) : 0;
    }

    public long total() {
        return user + nice + system + idle + iowait + irq + softirq + steal;
    }

    /** Everything but idle and iowait: a core waiting for I/O is not working. */
    public long busy() {
        return total() - idle - iowait;
    }

    public CpuTicks minus(CpuTicks before) {
        return new CpuTicks(user - before.user, nice - before.nice, system - before.system, idle - before.idle,
                iowait - before.iowait, irq - before.irq, softirq - before.softirq, steal - before.steal);
    }
}
