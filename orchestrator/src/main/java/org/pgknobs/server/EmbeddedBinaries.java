package org.pgknobs.server;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;
import org.pgknobs.BuildInfo;

/**
 * The default server binaries: the zonky PostgreSQL build from Maven Central, unpacked once per version
 * into a cache directory. Unpacking is guarded by a file lock so that two pgknobs runs starting at once
 * neither collide nor see a half-written tree.
 */
public final class EmbeddedBinaries {

    private static final String COMPLETE_MARKER = ".pgknobs-complete";

    private EmbeddedBinaries() {
    }

    /**
     * The cache directory used when none is given. Root's home is mode 700, which the unprivileged
     * postgres user cannot traverse, so as root the binaries go to a system-wide cache instead.
     */
    public static Path defaultCacheDir() {
        if (RunAs.isRoot()) {
            return Path.of("/var/cache/pgknobs");
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("pgknobs");
    }

    public static String version() {
        return BuildInfo.load().embeddedPostgresVersion();
    }

    /** Unpacks (if not done yet) and returns the binaries, checked to be reachable by {@code runAs}. */
    public static PgBinaries ensure(Path cacheDir, RunAs runAs) {
        return ensure(cacheDir, runAs, version(), null);
    }

    /** The majors this build carries, with the pinned zonky version of each (the default among them). */
    public static java.util.Map<Integer, String> majors() {
        return BuildInfo.load().embeddedByMajor();
    }

    /**
     * The embedded build of one major: the default's binaries are on the class path as zonky ships them,
     * the other majors' were unpacked by the build under {@code org/pgknobs/server/pgNN/} (see orchestrator/pom.xml).
     */
    public static PgBinaries ensureMajor(Path cacheDir, RunAs runAs, int major) {
        BuildInfo info = BuildInfo.load();
        String version = info.embeddedByMajor().get(major);
        if (version == null) {
            throw new ServerException("this build carries no embedded PostgreSQL " + major + " (it has "
                    + info.embeddedByMajor().keySet() + "); give a local install with --pg-bin " + major
                    + "=/usr/lib/postgresql/" + major + "/bin", List.of());
        }
        return major == info.defaultMajor() ? ensure(cacheDir, runAs)
                : ensure(cacheDir, runAs, version, null, "org/pgknobs/server/pg" + major + "/" + resourceName());
    }

    /**
     * Another PostgreSQL version from a zonky binaries jar given by path (e.g. the 16.x or 17.x
     * artifact copied next to the tests), unpacked into the same cache under its own version.
     */
    public static PgBinaries ensure(Path cacheDir, RunAs runAs, String version, Path zonkyJar) {
        return ensure(cacheDir, runAs, version, zonkyJar, resourceName());
    }

    private static PgBinaries ensure(Path cacheDir, RunAs runAs, String version, Path zonkyJar, String resource) {
        return ensureLocked(cacheDir, runAs, version, () -> zonkyJar, resource);
    }

    /**
     * A release that is not bundled: its zonky jar comes from {@code fetchJar} (Maven Resolver, {@link ZonkyRepository}),
     * asked only when the cache lacks the unpacked tree, and under the cache's lock for this version, so that of
     * several runs starting at once (threads, processes, a Slurm array's tasks) one fetches and unpacks and the others
     * wait and then use its tree.
     */
    public static PgBinaries ensureFetched(Path cacheDir, RunAs runAs, String version, java.util.function.Supplier<Path> fetchJar) {
        return ensureLocked(cacheDir, runAs, version, fetchJar, resourceName());
    }

    /** Whether the cache holds this zonky version unpacked and complete (then nothing needs fetching). */
    public static boolean isUnpacked(Path cacheDir, String version) {
        return Files.exists(cacheDir.toAbsolutePath().resolve("postgres-" + version).resolve(COMPLETE_MARKER));
    }

    /** The zonky versions the cache holds unpacked, e.g. "17.2.0". */
    public static List<String> unpacked(Path cacheDir) {
        if (!Files.isDirectory(cacheDir)) {
            return List.of();
        }
        try (Stream<Path> dirs = Files.list(cacheDir)) {
            return dirs.map(p -> p.getFileName().toString()).filter(n -> n.matches("postgres-\\d+\\.\\d+\\.\\d+"))
                    .map(n -> n.substring("postgres-".length())).filter(v -> isUnpacked(cacheDir, v)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + cacheDir + ": " + e.getMessage(), e);
        }
    }

    /** One lock per lock file in this JVM: a FileLock does not exclude another thread of the same process. */
    private static final java.util.Map<Path, java.util.concurrent.locks.ReentrantLock> JVM_LOCKS =
            new java.util.concurrent.ConcurrentHashMap<>();

    private static PgBinaries ensureLocked(Path cacheDir, RunAs runAs, String version,
                                           java.util.function.Supplier<Path> zonkyJar, String resource) {
        Path home = cacheDir.toAbsolutePath().resolve("postgres-" + version);
        try {
            Files.createDirectories(cacheDir);
            if (!Files.exists(home.resolve(COMPLETE_MARKER))) {
                Path lockPath = cacheDir.toAbsolutePath().resolve("postgres-" + version + ".lock");
                java.util.concurrent.locks.ReentrantLock inJvm = JVM_LOCKS.computeIfAbsent(lockPath,
                        k -> new java.util.concurrent.locks.ReentrantLock());
                inJvm.lock();
                try (FileChannel lockFile = FileChannel.open(lockPath, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                     FileLock ignored = lockFile.lock()) {
                    if (!Files.exists(home.resolve(COMPLETE_MARKER))) {
                        unpack(home, version, zonkyJar.get(), resource);
                    }
                } finally {
                    inJvm.unlock();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot unpack PostgreSQL " + version + " into " + home + ": " + e.getMessage(), e);
        }
        if (!runAs.canReach(home.resolve("bin"))) {
            throw new ServerException("the OS user '" + runAs.userName() + "' cannot reach " + home
                    + " (a parent directory is not traversable by it, e.g. a home directory of mode 700). "
                    + "Use --cache-dir with a directory it can read, such as /var/cache/pgknobs.", List.of());
        }
        return PgBinaries.at(home.resolve("bin"), "embedded PostgreSQL " + version + " (zonky binaries)");
    }

    private static void unpack(Path home, String version, Path zonkyJar, String resource) throws IOException {
        Path tmp = Files.createTempDirectory(home.getParent(), home.getFileName() + ".tmp");
        try (java.net.URLClassLoader jarLoader = zonkyJar == null ? null
                     : new java.net.URLClassLoader(new java.net.URL[] {zonkyJar.toUri().toURL()}, null);
             InputStream raw = (jarLoader != null ? jarLoader : EmbeddedBinaries.class.getClassLoader())
                     .getResourceAsStream(resource)) {
            if (raw == null) {
                throw new ServerException("the embedded PostgreSQL binaries (" + resource + ") are not in "
                        + (zonkyJar != null ? zonkyJar.toString() : "the class path") + ". "
                        + "Build with mvn (the zonky binaries artifact for this platform is a dependency) or use --pg-bin DIR.",
                        List.of());
            }
            try (TarArchiveInputStream tar = new TarArchiveInputStream(new XZCompressorInputStream(new BufferedInputStream(raw)))) {
                TarArchiveEntry entry;
                while ((entry = tar.getNextEntry()) != null) {
                    Path target = tmp.resolve(entry.getName()).normalize();
                    if (!target.startsWith(tmp)) {
                        throw new IOException("archive entry escapes the target directory: " + entry.getName());
                    }
                    if (entry.isDirectory()) {
                        Files.createDirectories(target);
                    } else if (entry.isSymbolicLink()) {
                        Files.createDirectories(target.getParent());
                        Files.createSymbolicLink(target, Path.of(entry.getLinkName()));
                    } else {
                        Files.createDirectories(target.getParent());
                        Files.copy(tar, target, StandardCopyOption.REPLACE_EXISTING);
                        Files.setPosixFilePermissions(target, permissions(entry.getMode()));
                    }
                }
            }
            RunAs.openForReading(tmp);
            Files.writeString(tmp.resolve(COMPLETE_MARKER), version + "\n");
            if (Files.exists(home)) {
                deleteTree(home);
            }
            Files.move(tmp, home, StandardCopyOption.ATOMIC_MOVE);
            RunAs.openForReading(home.getParent().resolve(home.getFileName()));
            openAncestors(home);
        } finally {
            if (Files.exists(tmp)) {
                deleteTree(tmp);
            }
        }
    }

    /** The cache dir we created ourselves must be traversable too (createDirectories honours umask). */
    private static void openAncestors(Path home) throws IOException {
        Path parent = home.getParent();
        Set<PosixFilePermission> perms = Files.getPosixFilePermissions(parent);
        perms.addAll(EnumSet.of(PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_EXECUTE,
                PosixFilePermission.GROUP_READ, PosixFilePermission.OTHERS_READ));
        try {
            Files.setPosixFilePermissions(parent, perms);
        } catch (IOException e) {
            // not ours to change: canReach() reports it with a fix
        }
    }

    private static String resourceName() {
        String arch = System.getProperty("os.arch");
        String zonkyArch = switch (arch) {
            case "amd64", "x86_64" -> "x86_64";
            case "aarch64", "arm64" -> "arm_64";
            default -> arch;
        };
        return "postgres-linux-" + zonkyArch + ".txz";
    }

    private static Set<PosixFilePermission> permissions(int mode) {
        Set<PosixFilePermission> perms = EnumSet.noneOf(PosixFilePermission.class);
        PosixFilePermission[] order = {
            PosixFilePermission.OTHERS_EXECUTE, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_READ,
            PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_READ,
            PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_READ};
        for (int bit = 0; bit < order.length; bit++) {
            if ((mode & (1 << bit)) != 0) {
                perms.add(order[bit]);
            }
        }
        perms.add(PosixFilePermission.OWNER_READ);
        perms.add(PosixFilePermission.OWNER_WRITE);
        return perms;
    }

    static void deleteTree(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        }
    }
}
