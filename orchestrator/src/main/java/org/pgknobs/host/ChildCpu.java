package org.pgknobs.host;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time (user + system) of this process's child processes that have ended and been waited for:
 * Linux's cutime + cstime in /proc/self/stat. The way to charge a BenchBase JVM's CPU to the client.
 */
public final class ChildCpu {

    /** USER_HZ; 100 on every Linux x86-64 kernel pgknobs targets. */
    private static final long TICKS_PER_SECOND = 100;

    private ChildCpu() {
    }

    /** Nanoseconds, or -1 when /proc is not readable (not Linux). */
    public static long nanos() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            // Fields after the command name, which sits in parentheses and may contain spaces.
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            // f[0] is field 3 (state); cutime and cstime are fields 16 and 17.
            long ticks = Long.parseLong(f[13]) + Long.parseLong(f[14]);
            return ticks * (1_000_000_000L / TICKS_PER_SECOND);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
