package org.pgknobs.workload.benchbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.BadInputException;

/** Finding BenchBase and a Java that can run it, with real java binaries. */
class BenchBaseSetupTest {

    private static final Path JDK17 = Path.of("/usr/lib/jvm/java-17-openjdk-amd64");

    @TempDir
    Path dir;

    @Test
    void parsesTheFeatureReleaseOfEveryVersionStyle() {
        assertThat(JavaRuntime.parseFeature("openjdk version \"25.0.1\" 2025-10-21 LTS")).contains(25);
        assertThat(JavaRuntime.parseFeature("openjdk version \"17.0.15\" 2025-04-15")).contains(17);
        assertThat(JavaRuntime.parseFeature("java version \"1.8.0_402\"")).contains(8);
        assertThat(JavaRuntime.parseFeature("openjdk version \"23-ea\" 2024-09-17")).contains(23);
        assertThat(JavaRuntime.parseFeature("openjdk version \"24\" 2025-03-18")).contains(24);
        assertThat(JavaRuntime.parseFeature("no version here")).isEmpty();
    }

    @Test
    void refusesJava17NamingItAndHowToPointAtAnother() {
        assumeTrue(Files.isDirectory(JDK17), "needs " + JDK17);
        JavaRuntime jdk17 = JavaRuntime.probe(JDK17);
        assertThat(jdk17.feature()).isEqualTo(17);
        assertThatThrownBy(() -> BenchBaseSetup.from(null, JDK17, Map.of()).runtime())
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("Java 23 or newer")
                .hasMessageContaining("Java 17")
                .hasMessageContaining(JDK17.toString())
                .hasMessageContaining("--benchbase-java");
    }

    @Test
    void acceptsTemurin25GivenAsDirectoryOrBinary() {
        assumeTrue(Files.isDirectory(BenchBaseSetup.TEMURIN_25), "needs " + BenchBaseSetup.TEMURIN_25);
        JavaRuntime fromDir = BenchBaseSetup.from(null, BenchBaseSetup.TEMURIN_25, Map.of()).runtime();
        assertThat(fromDir.feature()).isGreaterThanOrEqualTo(23);
        JavaRuntime fromBin = BenchBaseSetup.from(null, BenchBaseSetup.TEMURIN_25.resolve("bin/java"), Map.of()).runtime();
        assertThat(fromBin.executable()).isEqualTo(fromDir.executable());
    }

    @Test
    void aTooOldJavaHomeIsPassedOverForANewerKnownJdk() {
        assumeTrue(Files.isDirectory(JDK17) && Files.isDirectory(BenchBaseSetup.TEMURIN_25), "needs JDK 17 and 25");
        JavaRuntime r = BenchBaseSetup.from(null, null, Map.of("JAVA_HOME", JDK17.toString())).runtime();
        assertThat(r.feature()).isGreaterThanOrEqualTo(23);
    }

    @Test
    void aJavaPathWithoutJavaIsBadInput() {
        assertThatThrownBy(() -> BenchBaseSetup.from(null, dir, Map.of()).runtime())
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("no java executable at " + dir.resolve("bin/java"));
    }

    @Test
    void aHomeWithoutBenchbaseJarIsBadInputSayingWhatToGive() {
        assertThatThrownBy(() -> BenchBaseSetup.from(dir, null, Map.of()).resolve())
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("no benchbase.jar in " + dir)
                .hasMessageContaining("lib/");
    }

    @Test
    void benchbaseHomeComesFromTheEnvironmentWhenNoOptionIsGiven() {
        assertThat(BenchBaseSetup.from(null, null, Map.of("BENCHBASE_HOME", "/opt/bb")).home()).contains(Path.of("/opt/bb"));
        assertThat(BenchBaseSetup.from(dir, null, Map.of("BENCHBASE_HOME", "/opt/bb")).home()).contains(dir);
    }

    @Test
    void withoutHomeOrClassPathBenchBaseTheMessageNamesBothRoutes() throws Exception {
        try (URLClassLoader empty = new URLClassLoader(new URL[0], null)) {
            assertThatThrownBy(() -> BenchBaseSetup.from(null, null, Map.of()).resolve(empty))
                    .isInstanceOf(BadInputException.class)
                    .hasMessageContaining("--benchbase-home")
                    .hasMessageContaining("BENCHBASE_HOME")
                    .hasMessageContaining("-Pbenchbase");
        }
    }

    @Test
    void benchBaseOnTheClassPathIsLaunchedAsDBWorkloadInAWorkDirWithPluginXml() throws Exception {
        assumeTrue(Files.isDirectory(BenchBaseSetup.TEMURIN_25), "needs a Java 23+");
        Path classes = dir.resolve("classes");
        Path main = classes.resolve(BenchBaseSetup.MAIN_RESOURCE);
        Files.createDirectories(main.getParent());
        Files.write(main, new byte[] {(byte) 0xCA, (byte) 0xFE});
        try (URLClassLoader withBenchBase = new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader())) {
            BenchBaseLauncher l = BenchBaseSetup.from(null, null, Map.of()).resolve(withBenchBase);
            assertThat(l.home()).isEmpty();
            assertThat(l.classPath().split(java.io.File.pathSeparator)).contains(classes.toAbsolutePath().toString());
            List<String> cmd = l.command(List.of("-javaagent:a.jar"), List.of("-b", "tpcc"));
            assertThat(cmd.subList(1, cmd.size())).containsSequence("-javaagent:a.jar", "-cp", l.classPath(),
                    "com.oltpbenchmark.DBWorkload", "-b", "tpcc");
            Path work = dir.resolve("work");
            l.prepareWorkDir(work);
            assertThat(Files.readString(work.resolve("config/plugin.xml")))
                    .contains("<plugin name=\"tpcc\">com.oltpbenchmark.benchmarks.tpcc.TPCCBenchmark</plugin>");
        }
    }

    @Test
    void aBenchBaseHomeWithItsOwnPluginXmlLendsItToTheWorkDir() throws Exception {
        assumeTrue(Files.isDirectory(BenchBaseSetup.TEMURIN_25), "needs a Java 23+");
        Files.writeString(dir.resolve("benchbase.jar"), "not really a jar");
        Files.createDirectories(dir.resolve("config"));
        Files.writeString(dir.resolve("config/plugin.xml"), "<plugins><plugin name=\"tpcc\">X</plugin></plugins>");
        BenchBaseLauncher l = BenchBaseSetup.from(dir, null, Map.of()).resolve();
        assertThat(l.command(List.of(), List.of("-b", "tpcc"))).containsSequence("-jar", dir.resolve("benchbase.jar").toString());
        Path work = dir.resolve("work");
        l.prepareWorkDir(work);
        assertThat(work.resolve("config/plugin.xml")).hasContent("<plugins><plugin name=\"tpcc\">X</plugin></plugins>");
    }
}
