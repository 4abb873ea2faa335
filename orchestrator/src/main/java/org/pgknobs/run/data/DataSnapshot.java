package org.pgknobs.run.data;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import org.pgknobs.host.PageCache;
import org.pgknobs.host.MemInfo;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.server.TreeStamps;
import org.pgknobs.server.TreeSync;
import org.pgknobs.server.Workspace;

/**
 * A copy of a stopped cluster's data directory taken right after loading, so every step can start from
 * the same data. {@link Workspace#copyTree} keeps ownership and modes (the server's OS user must own PGDATA).
 *
 * <p>Each copy is followed by a settle of the OS page cache ({@link CacheSettle}): on a machine whose RAM holds
 * the data once but not twice, a copy leaves part of what it wrote out of the cache (docs/reproduction.md, "What the
 * restore and the estimate rest on"), and the step would read those pages back from the disk at random during its
 * warm-up, as many as the copy happened to leave out. So the data directory is read in until fincore finds all of it
 * cached (a second pass promotes its pages over the snapshot's, which were read once), and every step starts as
 * the first after the load did.
 *
 * <p>A restore rewrites only the files a step changed ({@link TreeSync}: those whose inode, size and times differ from
 * what the last copy left), when the settle then caches all of the data anyway (it fits in MemAvailable, or lives on a
 * memory file system): the step starts on the same bytes and the same cached data as after a whole copy, without the
 * writeback of gigabytes of unchanged copies running under its window. Data larger than memory is copied whole, as the
 * cache a partial restore left would hold what the previous step read.
 */
public final class DataSnapshot {

    private final Path copy;
    private final CacheSettle taken;
    /** The data directory's files as the last copy (or the load) left them; empty when unknown. */
    private Optional<TreeStamps> written;
    /** With initdb --waldir: the WAL directory pg_wal links to, its copy, and its stamps, as for the data. */
    private final Optional<Path> walDirectory;
    private Optional<TreeStamps> walWritten;

    private DataSnapshot(Path copy, CacheSettle taken, TreeStamps written, Optional<Path> walDirectory,
                         Optional<TreeStamps> walWritten) {
        this.copy = copy;
        this.taken = taken;
        this.written = Optional.of(written);
        this.walDirectory = walDirectory;
        this.walWritten = walWritten;
    }

    /**
     * Copies the data directory of the (stopped) server into {@code <instance>/snapshot-<name>}, and a WAL directory
     * outside it (initdb --waldir: pg_wal is a link) into {@code snapshot-<name>-wal}: the data's checkpoint is in that
     * WAL, which the next step would otherwise recycle, and the restored cluster could not start.
     */
    public static DataSnapshot take(ManagedServer server, String name) {
        requireStopped(server);
        Path copy = server.instanceDir().resolve("snapshot-" + name);
        Workspace.delete(copy);
        long t0 = System.nanoTime();
        Workspace.copyTree(server.dataDirectory(), copy);
        Optional<Path> wal = server.externalWalDirectory();
        wal.ifPresent(w -> {
            Workspace.delete(walCopy(copy));
            Workspace.copyTree(w, walCopy(copy));
        });
        double copySeconds = (System.nanoTime() - t0) / 1e9;
        CacheSettle settled = settle(server.dataDirectory()).withCopy(copySeconds, 0);
        return new DataSnapshot(copy, settled, TreeStamps.of(server.dataDirectory()), wal, wal.map(TreeStamps::of));
    }

    private static Path walCopy(Path copy) {
        return copy.resolveSibling(copy.getFileName() + "-wal");
    }

    /** Replaces the (stopped) server's data directory with the snapshot; says what the page cache holds after. */
    public CacheSettle restoreInto(ManagedServer server) {
        return restoreInto(server, false);
    }

    /**
     * As {@link #restoreInto(ManagedServer)}, keeping the data directory's postgresql.auto.conf when {@code keepAutoConf}:
     * the settings the last step set with ALTER SYSTEM and started with. The next step's overlay resets them all, and
     * restarts only when one of its restart-only values differs from them, where it would otherwise always restart from
     * the snapshot's: the same settings, verified the same way, one server start fewer.
     */
    public CacheSettle restoreInto(ManagedServer server, boolean keepAutoConf) {
        requireStopped(server);
        Path data = server.dataDirectory();
        Path autoConf = data.resolve("postgresql.auto.conf");
        Optional<byte[]> lastStep = keepAutoConf ? readIfPresent(autoConf) : Optional.empty();
        long t0 = System.nanoTime();
        Optional<TreeStamps> stamps = written;
        Optional<TreeStamps> walStamps = walWritten;
        // the size walk only where a sync could follow: without stamps (a restore failed half-way) it copies whole
        boolean sync = (stamps.isPresent() || walStamps.isPresent()) && cachedWhole(copy);
        written = Optional.empty(); // a restore that fails half-way leaves files no stamp describes
        walWritten = Optional.empty();
        long kept = restoreTree(copy, data, stamps, sync);
        if (walDirectory.isPresent()) {
            kept += restoreTree(walCopy(copy), walDirectory.get(), walStamps, sync);
        }
        double copySeconds = (System.nanoTime() - t0) / 1e9;
        CacheSettle settled = settle(data).withCopy(copySeconds, kept);
        written = Optional.of(TreeStamps.of(data));
        walWritten = walDirectory.map(TreeStamps::of);
        // after the stamps: the rewrite changes the file's, so the next restore copies the snapshot's back
        lastStep.filter(bytes -> Files.isRegularFile(autoConf)).ifPresent(bytes -> write(autoConf, bytes));
        return settled;
    }

    /** Makes {@code tree} the copy again: only what changed when {@code sync} and its stamps are known; the bytes kept. */
    private static long restoreTree(Path copy, Path tree, Optional<TreeStamps> stamps, boolean sync) {
        Optional<TreeStamps> known = stamps.filter(w -> w.isOf(tree) && Files.isDirectory(tree));
        if (sync && known.isPresent()) {
            return Workspace.syncTree(copy, tree, known.get()).keptBytes();
        }
        Workspace.delete(tree);
        Workspace.copyTree(copy, tree);
        return 0;
    }

    private static Optional<byte[]> readIfPresent(Path file) {
        try {
            return Files.isRegularFile(file) ? Optional.of(Files.readAllBytes(file)) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty(); // the snapshot's then: a restart more, nothing wrong
        }
    }

    /** Rewrites an existing file in place: its owner and mode (the server's, 600) stay. */
    private static void write(Path file, byte[] bytes) {
        try {
            Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** Whether the settle after a restore leaves all of {@code data} cached: it is in memory, or fits there. */
    private static boolean cachedWhole(Path data) {
        return PageCache.inMemory(data) || fitsInMemory(PageCache.largeFileBytes(data));
    }

    /** Whether MemAvailable holds {@code bytes}: the settle reads only such data in, else it would evict itself. */
    private static boolean fitsInMemory(long bytes) {
        OptionalLong available = MemInfo.availableBytes(MemInfo.PROC_MEMINFO);
        return available.isPresent() && bytes <= available.getAsLong();
    }

    public Path path() {
        return copy;
    }

    /** The copy that took the snapshot, and what the page cache held of the data after it. */
    public CacheSettle taken() {
        return taken;
    }

    /**
     * Reads {@code data} in, pass after pass (at most {@value #WARM_PASSES}), until fincore finds it all cached, when
     * MemAvailable holds it.
     */
    static CacheSettle settle(Path data) {
        if (PageCache.inMemory(data)) {
            return CacheSettle.IN_MEMORY;
        }
        long t0 = System.nanoTime();
        long size = PageCache.largeFileBytes(data);
        OptionalLong before = PageCache.cachedBytes(data);
        boolean fits = fitsInMemory(size);
        OptionalLong now = before;
        int passes = 0;
        // without fincore there is no telling whether a pass sufficed: one, as a first pass caches most of it
        int most = before.isEmpty() ? 1 : WARM_PASSES;
        while (fits && passes < most && (now.isEmpty() || now.getAsLong() < size)) {
            PageCache.warm(data);
            passes++;
            now = PageCache.cachedBytes(data);
        }
        return new CacheSettle(0, 0, (System.nanoTime() - t0) / 1e9, false, size, before, now, fits, passes);
    }

    /** As many passes as a data directory of most of RAM has needed to be all cached (docs/reproduction.md, as above). */
    static final int WARM_PASSES = 3;

    private static void requireStopped(ManagedServer server) {
        if (server.isRunning()) {
            throw new IllegalStateException("the server must be stopped to copy its data directory");
        }
    }

    /**
     * What a restore left in the OS page cache. Sizes count the files of at least 1 MiB (the relations' segments);
     * cached figures come from fincore and are empty without it.
     *
     * @param copySeconds       the copy itself
     * @param keptBytes         what a restore left as it was (unchanged since the last copy), not copied
     * @param settleSeconds     reading the data in
     * @param inMemoryFs        the data is on tmpfs: its pages are the files, nothing to settle
     * @param dataBytes         the data directory's large files
     * @param cachedAfterCopy   of those, cached right after the copy
     * @param cachedAfterSettle of those, cached when the server starts
     * @param fitsInMemory      whether MemAvailable held the data (else it is not read in: it would evict itself)
     * @param passes            how many times the data was read
     */
    public record CacheSettle(double copySeconds, long keptBytes, double settleSeconds, boolean inMemoryFs, long dataBytes,
                              OptionalLong cachedAfterCopy, OptionalLong cachedAfterSettle, boolean fitsInMemory,
                              int passes) {

        static final CacheSettle IN_MEMORY = new CacheSettle(0, 0, 0, true, 0, OptionalLong.empty(), OptionalLong.empty(),
                true, 0);

        CacheSettle withCopy(double seconds, long kept) {
            return new CacheSettle(seconds, kept, settleSeconds, inMemoryFs, dataBytes, cachedAfterCopy, cachedAfterSettle,
                    fitsInMemory, passes);
        }

        /** e.g. "copy 21.2 s; page cache 9.8 s: data 9.7 of 15.0 GB cached after the copy, 15.0 after 2 reads". */
        public String describe() {
            String copied = String.format(Locale.ROOT, "copy %.1f s", copySeconds)
                    + (keptBytes > 0 ? String.format(Locale.ROOT, " (changed files only: %.1f GB unchanged, kept)",
                            keptBytes / 1e9) : "");
            if (inMemoryFs) {
                return copied + "; data on a memory file system, no page cache to settle";
            }
            String cached = cachedAfterCopy.isEmpty() ? "cached share unknown (no fincore)"
                    : "data " + gb(cachedAfterCopy.getAsLong()) + " of " + gb(dataBytes) + " GB cached after the copy, "
                            + (cachedAfterSettle.isPresent() ? gb(cachedAfterSettle.getAsLong()) : "?")
                            + (passes == 0 ? " (not read)" : " after " + passes + (passes == 1 ? " read" : " reads"));
            return String.format(Locale.ROOT, "%s; page cache %.1f s: %s%s", copied,
                    settleSeconds, cached, fitsInMemory ? "" : " (more than MemAvailable: not read in)");
        }

        private static String gb(long bytes) {
            return String.format(Locale.ROOT, "%.1f", bytes / 1e9);
        }
    }
}
