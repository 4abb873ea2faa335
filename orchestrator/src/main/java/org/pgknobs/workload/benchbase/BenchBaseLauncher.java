package org.pgknobs.workload.benchbase;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How to start BenchBase in a child JVM (it calls System.exit, so never in this one): {@code java -jar
 * HOME/benchbase.jar} for an unpacked BenchBase build, or {@code java -cp CLASSPATH
 * com.oltpbenchmark.DBWorkload} when BenchBase is on pgknobs' own class path (-Pbenchbase).
 *
 * @param home      the BenchBase directory, empty for the class-path route
 * @param classPath the class path of the class-path route, null for the home route
 */
public record BenchBaseLauncher(JavaRuntime java, Optional<Path> home, String classPath) {

    public static final String JAR = "benchbase.jar";

    /**
     * BenchBase reads config/plugin.xml relative to its working directory to map "-b tpcc" to its
     * benchmark class; the class-path route has no BenchBase directory, so pgknobs writes this one.
     */
    static final String PLUGIN_XML = """
            <?xml version="1.0"?>
            <plugins>
                <plugin name="tpcc">com.oltpbenchmark.benchmarks.tpcc.TPCCBenchmark</plugin>
            </plugins>
            """;

    public static BenchBaseLauncher ofHome(Path home, JavaRuntime java) {
        return new BenchBaseLauncher(java, Optional.of(home), null);
    }

    public static BenchBaseLauncher ofClassPath(String classPath, JavaRuntime java) {
        return new BenchBaseLauncher(java, Optional.empty(), classPath);
    }

    /** The command line: java, then {@code jvmArgs} (e.g. -javaagent), then BenchBase and its arguments. */
    public List<String> command(List<String> jvmArgs, List<String> benchBaseArgs) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java.executable().toString());
        cmd.addAll(jvmArgs);
        if (home.isPresent()) {
            cmd.add("-jar");
            cmd.add(home.get().resolve(JAR).toString());
        } else {
            cmd.add("-cp");
            cmd.add(classPath);
            cmd.add(BenchBaseSetup.MAIN_CLASS);
        }
        cmd.addAll(benchBaseArgs);
        return cmd;
    }

    /**
     * Makes {@code dir} a working directory BenchBase can start in: config/plugin.xml from the BenchBase
     * directory when it has one (it lists every benchmark of that build), else pgknobs' own for tpcc.
     */
    public void prepareWorkDir(Path dir) throws IOException {
        Path target = dir.resolve("config").resolve("plugin.xml");
        Files.createDirectories(target.getParent());
        Optional<Path> own = home.map(h -> h.resolve("config").resolve("plugin.xml")).filter(Files::isRegularFile);
        if (own.isPresent()) {
            Files.copy(own.get(), target, StandardCopyOption.REPLACE_EXISTING);
        } else {
            Files.writeString(target, PLUGIN_XML);
        }
    }

    /** For logs and result details: which BenchBase, which Java. */
    public String describe() {
        return (home.map(h -> "BenchBase in " + h).orElse("BenchBase on the class path (-Pbenchbase)"))
                + ", Java " + java.feature() + " (" + java.executable() + ")";
    }
}
