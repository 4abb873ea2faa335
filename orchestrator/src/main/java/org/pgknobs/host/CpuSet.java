package org.pgknobs.host;

import java.nio.file.Path;
import java.util.Collections;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * A set of CPU numbers as taskset and /sys write it ({@code 0}, {@code 0-3}, {@code 0,2-3}), e.g. the cores a
 * benchmark gives the server and the ones it gives the client.
 */
public record CpuSet(SortedSet<Integer> cpus) {

    private static final Path ONLINE = Path.of("/sys/devices/system/cpu/online");

    public CpuSet {
        cpus = Collections.unmodifiableSortedSet(new TreeSet<>(cpus));
    }

    /** @throws IllegalArgumentException with what is wrong in {@code list} */
    public static CpuSet parse(String list) {
        SortedSet<Integer> cpus = new TreeSet<>();
        for (String part : list.strip().split(",", -1)) {
            String[] range = part.strip().split("-", -1);
            try {
                int from = Integer.parseInt(range[0].strip());
                int to = range.length == 2 ? Integer.parseInt(range[1].strip()) : from;
                if (range.length > 2 || from < 0 || to < from) {
                    throw new NumberFormatException();
                }
                for (int c = from; c <= to; c++) {
                    cpus.add(c);
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + part.strip() + "' is no CPU number or range (write e.g. 0, 1-3 or 0,2)");
            }
        }
        return new CpuSet(cpus);
    }

    /** The CPUs the kernel has online (/sys/devices/system/cpu/online; else those /proc/stat counts). */
    public static CpuSet online() {
        return ProcFiles.firstLine(ONLINE).map(CpuSet::parse)
                .orElseGet(() -> new CpuSet(new TreeSet<>(CpuTicks.readPerCpu().keySet())));
    }

    public boolean containsAll(CpuSet other) {
        return cpus.containsAll(other.cpus);
    }

    public boolean overlaps(CpuSet other) {
        return other.cpus.stream().anyMatch(cpus::contains);
    }

    public int size() {
        return cpus.size();
    }

    /** As taskset -c takes it: {@code 0,1,3}. */
    @Override
    public String toString() {
        return cpus.stream().map(String::valueOf).collect(Collectors.joining(","));
    }
}
