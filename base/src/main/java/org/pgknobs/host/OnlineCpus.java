package org.pgknobs.host;

import java.nio.file.Path;
import java.util.Collections;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The CPUs the kernel has online, and the list grammar taskset and /sys write them in ({@code 0},
 * {@code 0-3}, {@code 0,2-3}). Not {@code availableProcessors()}: under taskset that counts only the CPUs
 * this process may use, not the machine's.
 */
public final class OnlineCpus {

    private static final Path ONLINE = Path.of("/sys/devices/system/cpu/online");
    private static final Path PROC_STAT = Path.of("/proc/stat");

    private OnlineCpus() {
    }

    /** /sys/devices/system/cpu/online; else the {@code cpuN} lines of /proc/stat; empty when neither is there. */
    public static SortedSet<Integer> read() {
        return ProcFiles.firstLine(ONLINE).map(OnlineCpus::parse).orElseGet(OnlineCpus::inProcStat);
    }

    /** How many CPUs are online; where the kernel says nothing (not Linux), the JVM's count. */
    public static int count() {
        int online = read().size();
        return online > 0 ? online : usable();
    }

    /**
     * The CPUs this process may run on (under taskset, only the pinned ones): the count for sizing this JVM's own
     * thread pools, and the one call of {@code availableProcessors()} in pgknobs.
     */
    public static int usable() {
        return Runtime.getRuntime().availableProcessors();
    }

    private static SortedSet<Integer> inProcStat() {
        SortedSet<Integer> cpus = new TreeSet<>();
        for (String line : ProcFiles.lines(PROC_STAT)) {
            if (line.length() > 3 && line.startsWith("cpu") && Character.isDigit(line.charAt(3))) {
                int space = line.indexOf(' ');
                try {
                    cpus.add(Integer.parseInt(line.substring(3, space < 0 ? line.length() : space)));
                } catch (NumberFormatException e) {
                    return Collections.emptySortedSet(); // a line the kernel never writes: treat the file as unreadable
                }
            }
        }
        return Collections.unmodifiableSortedSet(cpus);
    }

    /** @throws IllegalArgumentException with what is wrong in {@code list} */
    public static SortedSet<Integer> parse(String list) {
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
        return Collections.unmodifiableSortedSet(cpus);
    }
}
