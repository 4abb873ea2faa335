package org.pgknobs.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What each regular file of a tree looked like when the tree was last written whole: inode, size, modification and
 * change time, as Git's index keeps them to tell an untouched file without reading it. The kernel sets a file's change
 * time on every write, truncate, rename or attribute change, and no program can set it back, so a file whose four
 * still match was not touched since: {@link TreeSync} keeps it instead of copying it again.
 *
 * <p>File times have the kernel clock's tick as their grain (a few ms), so a write within the tick that stamped the
 * file could leave its times unchanged (Git's "racy" file). Taking the stamps therefore returns only once the clock is
 * {@link #RACY} past the newest of them: nothing writes the tree before that (its server is stopped), and any later
 * write stamps a later tick.
 */
public final class TreeStamps {

    /** More than a kernel tick at any HZ (10 ms at HZ=100). */
    static final long RACY = TimeUnit.MILLISECONDS.toNanos(50);

    private static final String ATTRIBUTES = "unix:ino,size,lastModifiedTime,ctime";

    private final Path root;
    private final Map<String, Stamp> files;

    private TreeStamps(Path root, Map<String, Stamp> files) {
        this.root = root;
        this.files = files;
    }

    /** One file's stamp; times in ns since the epoch. */
    record Stamp(long inode, long size, long modified, long changed) {
    }

    /** The stamps of every regular file under {@code root}, which nothing may be writing. */
    public static TreeStamps of(Path root) {
        Map<String, Stamp> files = new HashMap<>();
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    if (attrs.isRegularFile()) {
                        files.put(root.relativize(file).toString(), stamp(file));
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the files of " + root + ": " + e.getMessage(), e);
        }
        // the kernel sets the change time from its clock (the modification time may be a copied one); a clock set back
        // since must not make this wait long
        long newest = files.values().stream().mapToLong(Stamp::changed).max().orElse(0);
        long until = Math.min(newest, now()) + RACY;
        try {
            for (long ahead = until - now(); ahead > 0; ahead = until - now()) {
                TimeUnit.NANOSECONDS.sleep(ahead); // at most RACY: the clock's grain, not a guess at the machine
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while stamping " + root, e);
        }
        return new TreeStamps(root.toAbsolutePath().normalize(), Map.copyOf(files));
    }

    private static long now() {
        java.time.Instant t = java.time.Instant.now();
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    /** Whether these are the stamps of the tree at {@code path}. */
    public boolean isOf(Path path) {
        return root.equals(path.toAbsolutePath().normalize());
    }

    /** Whether {@code file} ({@code relative} to the root) is as it was stamped. */
    boolean untouched(String relative, Path file) throws IOException {
        Stamp then = files.get(relative);
        return then != null && then.equals(stamp(file));
    }

    static Stamp stamp(Path file) throws IOException {
        Map<String, Object> a = Files.readAttributes(file, ATTRIBUTES, LinkOption.NOFOLLOW_LINKS);
        return new Stamp(((Number) a.get("ino")).longValue(), ((Number) a.get("size")).longValue(),
                nanos((FileTime) a.get("lastModifiedTime")), nanos((FileTime) a.get("ctime")));
    }

    private static long nanos(FileTime t) {
        return t.to(TimeUnit.NANOSECONDS);
    }
}
