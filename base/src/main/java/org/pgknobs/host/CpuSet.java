package org.pgknobs.host;

import java.util.Collections;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * A set of CPU numbers as taskset and /sys write it ({@code 0}, {@code 0-3}, {@code 0,2-3}), e.g. the cores a
 * benchmark gives the server and the ones it gives the client.
 */
public record CpuSet(SortedSet<Integer> cpus) {

    public CpuSet {
        cpus = Collections.unmodifiableSortedSet(new TreeSet<>(cpus));
    }

    /** @throws IllegalArgumentException with what is wrong in {@code list} */
    public static CpuSet parse(String list) {
        return new CpuSet(OnlineCpus.parse(list));
    }

    /** The CPUs the kernel has online (/sys/devices/system/cpu/online; else those /proc/stat counts). */
    public static CpuSet online() {
        return new CpuSet(OnlineCpus.read());
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
