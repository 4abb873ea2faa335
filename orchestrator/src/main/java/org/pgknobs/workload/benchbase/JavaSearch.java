package org.pgknobs.workload.benchbase;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.pgknobs.BadInputException;

/**
 * Finds the Java that runs BenchBase, in this order (docs/benchbase.md, "Where BenchBase and its Java come
 * from"): {@code --benchbase-java} (must be new enough, no fallback); {@code JAVA_HOME}; every JDK under
 * the platform's JVM directories, newest first; the Java running pgknobs. No JDK path is fixed in code:
 * distributions install JDKs under different names, and CI images carry different versions.
 *
 * @param option   {@code --benchbase-java}, if given
 * @param javaHome {@code JAVA_HOME}, if set
 * @param jvmDirs  directories whose subdirectories are JDKs ({@link #PLATFORM_JVM_DIRS} unless a test says)
 */
public record JavaSearch(Optional<Path> option, Optional<Path> javaHome, List<Path> jvmDirs) {

    /** Where Linux distributions, vendor packages and macOS put JDKs. */
    public static final List<Path> PLATFORM_JVM_DIRS = List.of(Path.of("/usr/lib/jvm"), Path.of("/usr/lib64/jvm"),
            Path.of("/usr/java"), Path.of("/opt/java"), Path.of("/Library/Java/JavaVirtualMachines"));

    public JavaSearch {
        jvmDirs = List.copyOf(jvmDirs);
    }

    /** The first Java of at least {@code minimum}; bad input listing every Java seen when there is none. */
    public JavaRuntime find(int minimum) {
        if (option.isPresent()) {
            return JavaRuntime.probe(option.get()).require(minimum, "--benchbase-java");
        }
        List<String> seen = new ArrayList<>();
        Optional<JavaRuntime> fromHome = javaHome.flatMap(h -> probe("JAVA_HOME", h, seen));
        if (fromHome.isPresent() && fromHome.get().atLeast(minimum)) {
            return fromHome.get();
        }
        Optional<JavaRuntime> newest = installedJdks().stream()
                .flatMap(jdk -> probe(jdk.toString(), jdk, seen).stream())
                .max(Comparator.comparingInt(JavaRuntime::feature));
        if (newest.isPresent() && newest.get().atLeast(minimum)) {
            return newest.get();
        }
        Optional<JavaRuntime> self = probe("this JVM (java.home)", Path.of(System.getProperty("java.home")), seen);
        if (self.isPresent() && self.get().atLeast(minimum)) {
            return self.get();
        }
        throw new BadInputException("BenchBase needs Java " + minimum + " or newer; found only " + String.join("; ", seen)
                + ". Point at a newer one with --benchbase-java DIR (a JDK directory or its bin/java) or JAVA_HOME, "
                + "or install one under " + jvmDirs.get(0) + " (searched: " + jvmDirs + ")");
    }

    /** Subdirectories of the JVM directories that hold bin/java (or macOS's Contents/Home/bin/java), once each. */
    List<Path> installedJdks() {
        Map<Path, Path> byExecutable = new LinkedHashMap<>();
        for (Path dir : jvmDirs) {
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> children = Files.list(dir)) {
                // real directories before symlinks, so an alias (default-java) is reported by its JDK's name
                for (Path child : children.sorted(Comparator.comparing((Path c) -> Files.isSymbolicLink(c))
                        .thenComparing(Comparator.naturalOrder())).toList()) {
                    for (Path home : List.of(child, child.resolve("Contents/Home"))) {
                        Path java = home.resolve("bin/java");
                        if (Files.isExecutable(java)) {
                            // aliases (java-17-openjdk, openjdk-17) are one JDK: probe it once
                            byExecutable.putIfAbsent(java.toRealPath(), home);
                        }
                    }
                }
            } catch (IOException e) {
                // an unreadable JVM directory holds nothing we can use; the message lists what was found
            }
        }
        return List.copyOf(byExecutable.values());
    }

    private static Optional<JavaRuntime> probe(String via, Path javaOrHome, List<String> seen) {
        try {
            JavaRuntime r = JavaRuntime.probe(javaOrHome);
            seen.add(via + ": Java " + r.feature() + " at " + r.executable());
            return Optional.of(r);
        } catch (BadInputException e) {
            seen.add(via + ": " + e.getMessage());
            return Optional.empty();
        }
    }
}
