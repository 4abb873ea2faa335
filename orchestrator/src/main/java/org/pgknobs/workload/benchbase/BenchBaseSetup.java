package org.pgknobs.workload.benchbase;

import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.pgknobs.BadInputException;
import org.pgknobs.process.JvmClassPath;

/**
 * Where BenchBase and the Java to run it come from, as the user said it: {@code --benchbase-home} or
 * BENCHBASE_HOME (a directory holding BenchBase's benchbase.jar and lib/), otherwise BenchBase on this
 * JVM's class path (the {@code -Pbenchbase} build); the Java by {@link JavaSearch}, at least the release
 * BenchBase's classes were compiled for. {@link #resolve} checks all of it before any server starts.
 */
public record BenchBaseSetup(Optional<Path> home, JavaSearch javaSearch) {

    /** BenchBase's main class; looked up as a resource so nothing here needs BenchBase to compile. */
    public static final String MAIN_CLASS = "com.oltpbenchmark.DBWorkload";
    static final String MAIN_RESOURCE = MAIN_CLASS.replace('.', '/') + ".class";

    /** Options win over the environment (BENCHBASE_HOME, JAVA_HOME). */
    public static BenchBaseSetup from(Path homeOption, Path javaOption, Map<String, String> env) {
        Optional<Path> home = Optional.ofNullable(homeOption)
                .or(() -> Optional.ofNullable(env.get("BENCHBASE_HOME")).filter(s -> !s.isBlank()).map(Path::of));
        Optional<Path> javaHome = Optional.ofNullable(env.get("JAVA_HOME")).filter(s -> !s.isBlank()).map(Path::of);
        return new BenchBaseSetup(home, new JavaSearch(Optional.ofNullable(javaOption), javaHome,
                JavaSearch.PLATFORM_JVM_DIRS));
    }

    /** The same setup searching these directories for JDKs instead of the platform's. */
    public BenchBaseSetup withJvmDirs(List<Path> jvmDirs) {
        return new BenchBaseSetup(home, new JavaSearch(javaSearch.option(), javaSearch.javaHome(), jvmDirs));
    }

    public static BenchBaseSetup fromEnvironment() {
        return from(null, null, System.getenv());
    }

    /** Checks BenchBase and Java; bad input (exit 2) with what is missing and how to fix it. */
    public BenchBaseLauncher resolve() {
        return resolve(Thread.currentThread().getContextClassLoader() != null
                ? Thread.currentThread().getContextClassLoader() : BenchBaseSetup.class.getClassLoader());
    }

    /** As {@link #resolve()}, looking for BenchBase on {@code loader}'s class path. */
    public BenchBaseLauncher resolve(ClassLoader loader) {
        if (home.isPresent()) {
            Path dir = home.get().toAbsolutePath().normalize();
            Path jar = dir.resolve(BenchBaseLauncher.JAR);
            if (!Files.isRegularFile(jar)) {
                throw new BadInputException("no " + BenchBaseLauncher.JAR + " in " + dir + " (from --benchbase-home or "
                        + "BENCHBASE_HOME): give the directory of BenchBase's PostgreSQL build, the one holding "
                        + "benchbase.jar and lib/ (BenchBase's `./mvnw package -P postgres` unpacks it from "
                        + "target/benchbase-postgres.tgz)");
            }
            return BenchBaseLauncher.ofHome(dir, javaSearch.find(
                    ClassFileRelease.ofJar(jar).orElse(JavaRuntime.BENCHBASE_MINIMUM)));
        }
        URL main = loader.getResource(MAIN_RESOURCE);
        if (main != null) {
            return BenchBaseLauncher.ofClassPath(JvmClassPath.of(loader), javaSearch.find(
                    ClassFileRelease.ofResource(loader).orElse(JavaRuntime.BENCHBASE_MINIMUM)));
        }
        throw new BadInputException("--driver benchbase (or both) needs BenchBase: give --benchbase-home DIR (or set BENCHBASE_HOME) "
                + "to the directory holding BenchBase's benchbase.jar and lib/, or build pgknobs with -Pbenchbase after "
                + "BenchBase's own `mvn install -Ppostgres`; or use --driver builtin");
    }

    /** A Java for a BenchBase whose class files are not at hand: at least {@link JavaRuntime#BENCHBASE_MINIMUM}. */
    public JavaRuntime runtime() {
        return javaSearch.find(JavaRuntime.BENCHBASE_MINIMUM);
    }
}
