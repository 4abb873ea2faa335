package org.pgknobs.workload.benchbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.BadInputException;

/** Finding BenchBase and a Java that can run it, with real java binaries. */
class BenchBaseSetupTest {

    private static final Path THIS_JAVA = Path.of(System.getProperty("java.home"));

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
    void refusesAJavaOlderThanTheMinimumNamingItAndHowToPointAtAnother() {
        JavaRuntime self = JavaRuntime.probe(THIS_JAVA);
        int tooNew = self.feature() + 1;
        assertThatThrownBy(() -> BenchBaseSetup.from(null, THIS_JAVA, Map.of()).javaSearch().find(tooNew))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("Java " + tooNew + " or newer")
                .hasMessageContaining("Java " + self.feature())
                .hasMessageContaining(self.executable().toString())
                .hasMessageContaining("--benchbase-java");
    }

    @Test
    void acceptsAJavaGivenAsDirectoryOrBinary() {
        int feature = JavaRuntime.probe(THIS_JAVA).feature();
        JavaRuntime fromDir = BenchBaseSetup.from(null, THIS_JAVA, Map.of()).javaSearch().find(feature);
        JavaRuntime fromBin = BenchBaseSetup.from(null, THIS_JAVA.resolve("bin/java"), Map.of()).javaSearch().find(feature);
        assertThat(fromBin.executable()).isEqualTo(fromDir.executable());
    }

    @Test
    void aTooOldJavaHomeIsPassedOverForTheNewestJdkOfTheJvmDirectories() throws Exception {
        Path jvms = dir.resolve("jvm");
        Path old = FakeBenchBaseJar.fakeJdk(dir.resolve("home-17"), "17.0.15");
        FakeBenchBaseJar.fakeJdk(jvms.resolve("jdk-21"), "21.0.2");
        Path newest = FakeBenchBaseJar.fakeJdk(jvms.resolve("temurin-24"), "24");
        FakeBenchBaseJar.fakeJdk(jvms.resolve("jdk-23-ea"), "23-ea");
        Files.createSymbolicLink(jvms.resolve("default-java"), newest);
        JavaSearch search = new JavaSearch(Optional.empty(), Optional.of(old), List.of(dir.resolve("absent"), jvms));
        assertThat(search.installedJdks()).as("the alias default-java is the same JDK").hasSize(3);
        JavaRuntime r = search.find(23);
        assertThat(r.feature()).isEqualTo(24);
        assertThat(r.executable()).isEqualTo(newest.resolve("bin/java").toAbsolutePath());
        assertThat(new JavaSearch(Optional.empty(), Optional.of(old), List.of(jvms)).find(17).feature())
                .as("a JAVA_HOME that is new enough wins").isEqualTo(17);
    }

    @Test
    void whenNoJavaIsNewEnoughTheMessageListsEveryJavaSeenAndTheDirectoriesSearched() throws Exception {
        Path jvms = dir.resolve("jvm");
        FakeBenchBaseJar.fakeJdk(jvms.resolve("jdk-21"), "21.0.2");
        JavaSearch search = new JavaSearch(Optional.empty(), Optional.of(dir.resolve("no-such-jdk")), List.of(jvms));
        assertThatThrownBy(() -> search.find(999))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("Java 999 or newer")
                .hasMessageContaining("JAVA_HOME: no java executable at")
                .hasMessageContaining(jvms.resolve("jdk-21") + ": Java 21")
                .hasMessageContaining("this JVM")
                .hasMessageContaining("searched: [" + jvms + "]");
    }

    @Test
    void theMinimumIsTheReleaseBenchBasesClassesWereCompiledFor() throws Exception {
        Path jar = FakeBenchBaseJar.write(dir.resolve("fake"));
        assertThat(ClassFileRelease.ofJar(jar)).as("this build's maven.compiler.release").hasValue(17);
        assertThat(ClassFileRelease.of(new java.io.ByteArrayInputStream(classHeader(67)))).hasValue(23);
        Path notAJar = Files.writeString(dir.resolve("benchbase.jar"), "not really a jar");
        assertThat(ClassFileRelease.ofJar(notAJar)).isEmpty();
    }

    static byte[] classHeader(int major) {
        return new byte[] {(byte) 0xCA, (byte) 0xFE, (byte) 0xBA, (byte) 0xBE, 0, 0, (byte) (major >> 8), (byte) major};
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
        Path classes = dir.resolve("classes");
        Path main = classes.resolve(BenchBaseSetup.MAIN_RESOURCE);
        Files.createDirectories(main.getParent());
        Files.write(main, classHeader(61)); // compiled for Java 17: any JDK of this build runs it
        try (URLClassLoader withBenchBase = new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader())) {
            BenchBaseLauncher l = BenchBaseSetup.from(null, null, Map.of()).withJvmDirs(List.of(dir.resolve("none")))
                    .resolve(withBenchBase);
            assertThat(l.java().feature()).isGreaterThanOrEqualTo(17);
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
        FakeBenchBaseJar.write(dir);
        Files.createDirectories(dir.resolve("config"));
        Files.writeString(dir.resolve("config/plugin.xml"), "<plugins><plugin name=\"tpcc\">X</plugin></plugins>");
        BenchBaseLauncher l = BenchBaseSetup.from(dir, null, Map.of()).withJvmDirs(List.of(dir.resolve("none"))).resolve();
        assertThat(l.command(List.of(), List.of("-b", "tpcc"))).containsSequence("-jar", dir.resolve("benchbase.jar").toString());
        Path work = dir.resolve("work");
        l.prepareWorkDir(work);
        assertThat(work.resolve("config/plugin.xml")).hasContent("<plugins><plugin name=\"tpcc\">X</plugin></plugins>");
    }
}
