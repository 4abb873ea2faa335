package org.pgknobs.host;

import java.nio.file.Path;
import java.util.OptionalLong;

/** The one reader of /proc/meminfo. */
public final class MemInfo {

    public static final Path PROC_MEMINFO = Path.of("/proc/meminfo");

    private MemInfo() {
    }

    /** MemTotal in bytes (the file says kB, meaning KiB); empty when the file or the line is missing. */
    public static OptionalLong totalBytes(Path meminfo) {
        return kibField(meminfo, "MemTotal");
    }

    /** MemAvailable in bytes: the kernel's estimate of what can be had without swapping; empty when missing. */
    public static OptionalLong availableBytes(Path meminfo) {
        return kibField(meminfo, "MemAvailable");
    }

    private static OptionalLong kibField(Path meminfo, String key) {
        return ProcFiles.field(meminfo, key)
                .map(v -> v.replaceAll("[^0-9]", ""))
                .filter(v -> !v.isEmpty())
                .map(v -> OptionalLong.of(Long.parseLong(v) * 1024))
                .orElse(OptionalLong.empty());
    }
}
