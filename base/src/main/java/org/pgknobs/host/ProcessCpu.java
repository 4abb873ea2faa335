package org.pgknobs.host;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * CPU ticks of processes from /proc/&lt;pid&gt;/stat (same tick unit as /proc/stat). A process tree is
 * counted as its root's own time plus the time of children it has waited for (cutime + cstime) plus the
 * live descendants' own time: a server backend that exits during a window moves its time from the live
 * sum into the postmaster's cutime, so the tree's total never goes backwards.
 */
public final class ProcessCpu {

    private static final Path PROC = Path.of("/proc");

    private ProcessCpu() {
    }

    /** One line of /proc/&lt;pid&gt;/stat: the fields pgknobs needs. */
    record Stat(long pid, long ppid, long ownTicks, long waitedChildrenTicks) {
    }

    /** Ticks of the tree rooted at {@code root}, leaving out the subtrees rooted at {@code exclude}. */
    public static Optional<Long> treeTicks(long root, Set<Long> exclude) {
        return treeTicks(readAll(), root, exclude);
    }

    /** The same over a given process table: pure, so the tree walk is testable on a crafted one. */
    static Optional<Long> treeTicks(Map<Long, Stat> all, long root, Set<Long> exclude) {
        Stat r = all.get(root);
        if (r == null) {
            return Optional.empty();
        }
        long ticks = r.ownTicks() + r.waitedChildrenTicks();
        for (Stat c : descendants(all, root, exclude)) {
            ticks += c.ownTicks() + c.waitedChildrenTicks();
        }
        return Optional.of(ticks);
    }

    /** The live processes of the tree rooted at {@code root}, the root first; empty when it is gone. */
    public static List<Long> tree(long root) {
        Map<Long, Stat> all = readAll();
        if (!all.containsKey(root)) {
            return List.of();
        }
        List<Long> pids = new ArrayList<>(List.of(root));
        descendants(all, root, Set.of()).forEach(s -> pids.add(s.pid()));
        return pids;
    }

    private static List<Stat> descendants(Map<Long, Stat> all, long root, Set<Long> exclude) {
        Map<Long, List<Stat>> children = new HashMap<>();
        all.values().forEach(s -> children.computeIfAbsent(s.ppid(), k -> new ArrayList<>()).add(s));
        List<Stat> out = new ArrayList<>();
        Deque<Long> todo = new ArrayDeque<>(List.of(root));
        Set<Long> seen = new HashSet<>(List.of(root));
        while (!todo.isEmpty()) {
            for (Stat c : children.getOrDefault(todo.pop(), List.of())) {
                if (exclude.contains(c.pid()) || !seen.add(c.pid())) {
                    continue;
                }
                out.add(c);
                todo.push(c.pid());
            }
        }
        return out;
    }

    /**
     * CPU time of this JVM, all its threads, in nanoseconds as the JVM counts it (finer than a tick, for
     * short phases); -1 where the JVM cannot tell. Its children and the server's processes are not in it.
     */
    public static long selfNanos() {
        java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() : -1;
    }

    /** This JVM's own process id. */
    public static long self() {
        return ProcessHandle.current().pid();
    }

    private static Map<Long, Stat> readAll() {
        Map<Long, Stat> out = new HashMap<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(PROC, p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path d : dirs) {
                read(d.resolve("stat")).ifPresent(s -> out.put(s.pid(), s));
            }
        } catch (IOException e) {
            // not Linux: every tree is then unknown
        }
        return out;
    }

    private static Optional<Stat> read(Path statFile) {
        try {
            return Optional.of(parse(Files.readString(statFile)));
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // the process ended between listing and reading
        }
    }

    /** The command name sits in parentheses and may hold spaces, so fields are counted after the last ')'. */
    static Stat parse(String line) {
        long pid = Long.parseLong(line.substring(0, line.indexOf(' ')));
        String[] f = line.substring(line.lastIndexOf(')') + 2).trim().split(" ");
        // f[0] is field 3 (state), f[1] ppid (4); utime, stime, cutime, cstime are fields 14..17
        return new Stat(pid, Long.parseLong(f[1]), Long.parseLong(f[11]) + Long.parseLong(f[12]),
                Long.parseLong(f[13]) + Long.parseLong(f[14]));
    }
}
