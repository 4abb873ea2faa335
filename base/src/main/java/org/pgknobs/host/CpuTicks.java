package org.pgknobs.host;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * The machine's CPU time since boot from the first ("cpu") line of /proc/stat, in clock ticks summed over
 * all cores. Shares are ratios of two deltas in the same unit, so the tick length never matters.
 */
public record CpuTicks(long user, long nice, long system, long idle, long iowait, long irq, long softirq, long steal) {

    private static final Path PROC_STAT = Path.of("/proc/stat");

    /** Empty where /proc/stat cannot be read (not Linux). */
    public static Optional<CpuTicks> read() {
        return read(PROC_STAT);
    }

    static Optional<CpuTicks> read(Path procStat) {
        try {
            return ProcFiles.firstLine(procStat).map(CpuTicks::parse);
        } catch (RuntimeException e) {
            return Optional.empty(); // a line the kernel never writes: treat as unreadable
        }
    }

    /** Each CPU's own line ({@code cpu0}, {@code cpu1}, ...) by CPU number; empty where /proc/stat cannot be read. */
    public static Map<Integer, CpuTicks> readPerCpu() {
        return readPerCpu(PROC_STAT);
    }

    static Map<Integer, CpuTicks> readPerCpu(Path procStat) {
        Map<Integer, CpuTicks> out = new TreeMap<>();
        for (String line : ProcFiles.lines(procStat)) {
            if (line.length() > 3 && line.startsWith("cpu") && Character.isDigit(line.charAt(3))) {
                int space = line.indexOf(' ');
                try {
                    out.put(Integer.parseInt(line.substring(3, space)), parse("cpu" + line.substring(space)));
                } catch (RuntimeException e) {
                    return Map.of(); // a line the kernel never writes: treat the file as unreadable
                }
            }
        }
        return out;
    }

    /**
     * The busy share (us + sy, as vmstat) of {@code cpus} between two per-CPU readings, in percent of their
     * time (100 = every one of them busy throughout); empty when a reading lacks one of them or no tick passed.
     */
    public static OptionalDouble busyPercent(Map<Integer, CpuTicks> before, Map<Integer, CpuTicks> after, CpuSet cpus) {
        long busy = 0;
        long total = 0;
        for (int cpu : cpus.cpus()) {
            if (!before.containsKey(cpu) || !after.containsKey(cpu)) {
                return OptionalDouble.empty();
            }
            CpuTicks d = after.get(cpu).minus(before.get(cpu));
            busy += d.userPlusSystem();
            total += d.total();
        }
        return total == 0 ? OptionalDouble.empty() : OptionalDouble.of(100.0 * busy / total);
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

    /** vmstat's us + sy: user + nice, system + irq + softirq (steal is another guest's time). */
    public long userPlusSystem() {
        return user + nice + system + irq + softirq;
    }

    public CpuTicks minus(CpuTicks before) {
        return new CpuTicks(user - before.user, nice - before.nice, system - before.system, idle - before.idle,
                iowait - before.iowait, irq - before.irq, softirq - before.softirq, steal - before.steal);
    }
}
