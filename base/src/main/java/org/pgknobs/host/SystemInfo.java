package org.pgknobs.host;

import java.nio.file.Path;

/** The CPU and OS of this machine, as /proc and /etc/os-release name them (the JVM's names if absent); the kernel is {@link org.pgknobs.host.Kernel}. */
public final class SystemInfo {

    private SystemInfo() {
    }

    public static String cpuModel() {
        return ProcFiles.lines(Path.of("/proc/cpuinfo")).stream()
                .filter(l -> l.startsWith("model name"))
                .map(l -> l.substring(l.indexOf(':') + 1).strip())
                .findFirst().orElse(System.getProperty("os.arch"));
    }

    public static String osName() {
        return ProcFiles.lines(Path.of("/etc/os-release")).stream()
                .filter(l -> l.startsWith("PRETTY_NAME="))
                .map(l -> l.substring("PRETTY_NAME=".length()).replace("\"", ""))
                .findFirst().orElse(System.getProperty("os.name"));
    }
}
