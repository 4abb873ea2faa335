package org.pgknobs.run;

import java.nio.file.Path;
import java.util.Locale;
import java.util.OptionalLong;
import org.pgknobs.host.PageCache;
import org.pgknobs.hostfacts.MemInfo;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.server.Workspace;

/**
 * A copy of a stopped cluster's data directory taken right after loading, so every step can start from
 * the same data. {@code cp -a} keeps ownership and modes (the server's OS user must own PGDATA) and
 * uses reflinks where the file system has them.
 *
 * <p>Each copy is followed by a settle of the OS page cache ({@link CacheSettle}): on a machine whose RAM holds
 * the data once but not twice, {@code cp} leaves the copy's source cached and evicts part of what it wrote (a
 * 14 GiB copy on 24 GiB: 4.5 of 15 GB of the new files not cached, docs/reproduction.md), and the step would read
 * those pages back from the disk at random during its warm-up, as many as the previous step's leftovers decide. So
 * every step starts as the first did after the load: the whole data directory cached, the snapshot not, no
 * writeback pending.
 */
public final class DataSnapshot {

    private final Path copy;

    private DataSnapshot(Path copy) {
        this.copy = copy;
    }

    /** Copies the data directory of the (stopped) server into {@code <instance>/snapshot-<name>}. */
    public static DataSnapshot take(ManagedServer server, String name) {
        requireStopped(server);
        Path copy = server.instanceDir().resolve("snapshot-" + name);
        Workspace.delete(copy);
        Workspace.copyTree(server.dataDirectory(), copy);
        settle(copy, server.dataDirectory());
        return new DataSnapshot(copy);
    }

    /** Replaces the (stopped) server's data directory with the snapshot; says what the page cache holds after. */
    public CacheSettle restoreInto(ManagedServer server) {
        requireStopped(server);
        long t0 = System.nanoTime();
        Workspace.delete(server.dataDirectory());
        Workspace.copyTree(copy, server.dataDirectory());
        double copySeconds = (System.nanoTime() - t0) / 1e9;
        return settle(copy, server.dataDirectory()).withCopySeconds(copySeconds);
    }

    public Path path() {
        return copy;
    }

    /**
     * Writes the file system's dirty pages out, drops {@code notNeeded}'s cached pages, and reads {@code data} in when
     * the machine's available memory holds it and the copy left part of it out.
     */
    static CacheSettle settle(Path notNeeded, Path data) {
        if (PageCache.inMemory(data)) {
            return CacheSettle.IN_MEMORY;
        }
        long t0 = System.nanoTime();
        PageCache.flush(data); // first: a fresh snapshot's pages are dirty, and dirty pages are not dropped
        PageCache.drop(notNeeded);
        long size = PageCache.largeFileBytes(data);
        OptionalLong before = PageCache.cachedBytes(data);
        OptionalLong available = MemInfo.availableBytes(MemInfo.PROC_MEMINFO);
        boolean fits = available.isPresent() && size <= available.getAsLong();
        boolean partly = before.isEmpty() || before.getAsLong() < size;
        if (fits && partly) {
            PageCache.warm(data);
        }
        OptionalLong after = fits && partly ? PageCache.cachedBytes(data) : before;
        return new CacheSettle(0, (System.nanoTime() - t0) / 1e9, false, size, before, after, fits);
    }

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
     * @param settleSeconds     dropping the snapshot's pages, writing the data's out and reading the data in
     * @param inMemoryFs        the data is on tmpfs: its pages are the files, nothing to settle
     * @param dataBytes         the data directory's large files
     * @param cachedAfterCopy   of those, cached right after the copy
     * @param cachedAfterSettle of those, cached when the server starts
     * @param fitsInMemory      whether MemAvailable held the data (else it is not read in: it would evict itself)
     */
    public record CacheSettle(double copySeconds, double settleSeconds, boolean inMemoryFs, long dataBytes,
                              OptionalLong cachedAfterCopy, OptionalLong cachedAfterSettle, boolean fitsInMemory) {

        static final CacheSettle IN_MEMORY = new CacheSettle(0, 0, true, 0, OptionalLong.empty(), OptionalLong.empty(),
                true);

        CacheSettle withCopySeconds(double seconds) {
            return new CacheSettle(seconds, settleSeconds, inMemoryFs, dataBytes, cachedAfterCopy, cachedAfterSettle,
                    fitsInMemory);
        }

        /** e.g. "copy 31.2 s; page cache 9.8 s: data 10.5 of 15.0 GB cached after the copy, 15.0 now". */
        public String describe() {
            if (inMemoryFs) {
                return String.format(Locale.ROOT, "copy %.1f s; data on a memory file system, no page cache to settle",
                        copySeconds);
            }
            String cached = cachedAfterCopy.isEmpty() ? "cached share unknown (no fincore)"
                    : "data " + gb(cachedAfterCopy.getAsLong()) + " of " + gb(dataBytes) + " GB cached after the copy, "
                            + (cachedAfterSettle.isPresent() ? gb(cachedAfterSettle.getAsLong()) : "?") + " now";
            return String.format(Locale.ROOT, "copy %.1f s; page cache %.1f s: %s%s", copySeconds,
                    settleSeconds, cached, fitsInMemory ? "" : " (more than MemAvailable: not read in)");
        }

        private static String gb(long bytes) {
            return String.format(Locale.ROOT, "%.1f", bytes / 1e9);
        }
    }
}
