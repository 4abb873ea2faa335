package org.pgknobs.host;

import java.nio.file.Path;

/** Facts about the machine a run used, for suite.json: results are only comparable on like machines. */
public record HostInfo(int cores, long memoryBytes, String cpuModel, String kernel, String os) {

    public static HostInfo read() {
        return new HostInfo(Runtime.getRuntime().availableProcessors(),
                MemInfo.totalBytes(MemInfo.PROC_MEMINFO).orElse(-1), readCpuModel(),
                ProcFiles.firstLine(Path.of("/proc/sys/kernel/osrelease")).orElse(System.getProperty("os.version")),
                osName());
    }

    private static String readCpuModel() {
        return ProcFiles.lines(Path.of("/proc/cpuinfo")).stream()
                .filter(l -> l.startsWith("model name"))
                .map(l -> l.substring(l.indexOf(':') + 1).strip())
                .findFirst().orElse(System.getProperty("os.arch"));
    }

    private static String osName() {
        return ProcFiles.lines(Path.of("/etc/os-release")).stream()
                .filter(l -> l.startsWith("PRETTY_NAME="))
                .map(l -> l.substring("PRETTY_NAME=".length()).replace("\"", ""))
                .findFirst().orElse(System.getProperty("os.name"));
    }
}
