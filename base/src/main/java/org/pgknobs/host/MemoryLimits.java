package org.pgknobs.host;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * How much memory this process (and the servers it forks, which stay in its cgroup) may use: the
 * machine's RAM (MemTotal) and, where one is set, the cgroup's limit (v2 {@code memory.max}, v1
 * {@code memory.limit_in_bytes}).
 *
 * @param cgroupFile the file the limit was read from, for the message; empty with no limit
 */
public record MemoryLimits(OptionalLong ramBytes, OptionalLong cgroupBytes, Optional<Path> cgroupFile) {

    /** v1 writes "no limit" as the largest page-aligned long; anything this large is none. */
    private static final long UNLIMITED = 1L << 62;

    public static MemoryLimits detect() {
        return read(MemInfo.PROC_MEMINFO, Path.of("/proc/self/cgroup"), Path.of("/sys/fs/cgroup"));
    }

    /**
     * @param procCgroup {@code /proc/self/cgroup}: "0::/path" (v2) and "N:memory:/path" (v1) lines
     * @param cgroupRoot where the hierarchies are mounted: v2 at the root (or unified/), v1 under memory/
     */
    static MemoryLimits read(Path meminfo, Path procCgroup, Path cgroupRoot) {
        List<Path> candidates = new ArrayList<>();
        for (String line : ProcFiles.lines(procCgroup)) {
            String[] f = line.split(":", 3);
            if (f.length < 3) {
                continue;
            }
            String rel = f[2].startsWith("/") ? f[2].substring(1) : f[2];
            if (f[0].equals("0") && f[1].isEmpty()) {
                candidates.add(cgroupRoot.resolve(rel).resolve("memory.max"));
                candidates.add(cgroupRoot.resolve("unified").resolve(rel).resolve("memory.max"));
            } else if (List.of(f[1].split(",")).contains("memory")) {
                candidates.add(cgroupRoot.resolve("memory").resolve(rel).resolve("memory.limit_in_bytes"));
                // in a container the own path is often not visible: its cgroup is the mount's root
                candidates.add(cgroupRoot.resolve("memory").resolve("memory.limit_in_bytes"));
            }
        }
        OptionalLong limit = OptionalLong.empty();
        Optional<Path> from = Optional.empty();
        for (Path file : candidates) {
            OptionalLong v = limitIn(file);
            if (v.isPresent() && (limit.isEmpty() || v.getAsLong() < limit.getAsLong())) {
                limit = v;
                from = Optional.of(file);
            }
        }
        return new MemoryLimits(MemInfo.totalBytes(meminfo), limit, from);
    }

    private static OptionalLong limitIn(Path file) {
        if (!Files.isRegularFile(file)) {
            return OptionalLong.empty();
        }
        String v = ProcFiles.firstLine(file).orElse("max");
        if (!v.matches("\\d+")) {
            return OptionalLong.empty(); // "max"
        }
        long bytes = Long.parseLong(v);
        return bytes >= UNLIMITED ? OptionalLong.empty() : OptionalLong.of(bytes);
    }
}
