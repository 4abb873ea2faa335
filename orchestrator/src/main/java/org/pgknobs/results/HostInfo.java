package org.pgknobs.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** Facts about the machine a run used, for suite.json: results are only comparable on like machines. */
public record HostInfo(int cores, long memoryBytes, String cpuModel, String kernel, String os) {

    public static HostInfo read() {
        return new HostInfo(Runtime.getRuntime().availableProcessors(), memTotal(), readCpuModel(),
                firstLine(Path.of("/proc/sys/kernel/osrelease")).orElse(System.getProperty("os.version")),
                osName());
    }

    private static long memTotal() {
        return lines(Path.of("/proc/meminfo")).stream()
                .filter(l -> l.startsWith("MemTotal:"))
                .map(l -> Long.parseLong(l.replaceAll("[^0-9]", "")) * 1024)
                .findFirst().orElse(-1L);
    }

    private static String readCpuModel() {
        return lines(Path.of("/proc/cpuinfo")).stream()
                .filter(l -> l.startsWith("model name"))
                .map(l -> l.substring(l.indexOf(':') + 1).strip())
                .findFirst().orElse(System.getProperty("os.arch"));
    }

    private static String osName() {
        return lines(Path.of("/etc/os-release")).stream()
                .filter(l -> l.startsWith("PRETTY_NAME="))
                .map(l -> l.substring("PRETTY_NAME=".length()).replace("\"", ""))
                .findFirst().orElse(System.getProperty("os.name"));
    }

    private static Optional<String> firstLine(Path p) {
        return lines(p).stream().findFirst().map(String::strip);
    }

    private static List<String> lines(Path p) {
        try {
            return Files.readAllLines(p);
        } catch (IOException e) {
            return List.of();
        }
    }
}
