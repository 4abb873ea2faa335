package org.pgknobs.server;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Makes an existing directory tree byte-for-byte the same as another, writing only the blocks that differ: what
 * a restore of a loaded cluster over the data directory a step ran on needs. A 128-warehouse TPC-C step changes a
 * few GB of its 14.7 GB (the pages it updated, the WAL it wrote); copying the whole tree wrote all of it, 14.7 GB
 * per step, at the disk's speed of the hour (45-780 MB/s here, docs/reproduction.md), and pushed the data the step
 * had cached out of the page cache. Entries only in the target go, entries only in the source are copied whole, and
 * every entry ends with the source's owner, group, mode and modification time ({@link TreeCopy}).
 */
final class TreeSync {

    /** Compared at a time: 16 PostgreSQL pages, so that one changed page costs 128 KiB of writing, not a file. */
    static final int BLOCK = 128 * 1024;

    private static final LinkOption[] NO_FOLLOW = {LinkOption.NOFOLLOW_LINKS};

    private TreeSync() {
    }

    /** What a sync did: bytes the source holds in regular files, and bytes it wrote. */
    record Stats(long sourceBytes, long writtenBytes) {
    }

    /** Makes {@code to} (an existing directory) the same as {@code from}, on {@code threads} threads. */
    static Stats sync(Path from, Path to, int threads) throws IOException {
        if (!Files.isDirectory(to, NO_FOLLOW)) {
            throw new IOException(to + " is not a directory to sync into");
        }
        openDirectories(to);
        removeWhatTheSourceLacks(from, to);
        List<Path[]> directories = new ArrayList<>();
        List<Path[]> files = new ArrayList<>();
        Files.walkFileTree(from, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                Path target = to.resolve(from.relativize(dir).toString());
                if (!Files.isDirectory(target, NO_FOLLOW)) {
                    Files.createDirectory(target);
                }
                directories.add(new Path[] {dir, target});
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Path target = to.resolve(from.relativize(file).toString());
                if (attrs.isRegularFile()) {
                    files.add(new Path[] {file, target});
                } else if (!Files.isSymbolicLink(target)
                        || !Files.readSymbolicLink(target).equals(Files.readSymbolicLink(file))) {
                    Files.deleteIfExists(target);
                    TreeCopy.copyLink(file, target);
                }
                return FileVisitResult.CONTINUE;
            }
        });
        files.sort(Comparator.comparingLong((Path[] p) -> TreeCopy.size(p[0])).reversed());
        AtomicLong written = new AtomicLong();
        long sourceBytes = files.stream().mapToLong(p -> TreeCopy.size(p[0])).sum();
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads), r -> {
            Thread t = new Thread(r, "tree-sync");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<?>> done = new ArrayList<>();
            for (Path[] f : files) {
                done.add(pool.submit(() -> {
                    written.addAndGet(Files.exists(f[1], NO_FOLLOW) ? syncFile(f[0], f[1]) : TreeCopy.copyFile(f[0], f[1]));
                    return null;
                }));
            }
            for (Future<?> d : done) {
                d.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while syncing " + to + " with " + from, e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
        for (int i = directories.size() - 1; i >= 0; i--) {
            TreeCopy.keepAttributes(directories.get(i)[0], directories.get(i)[1]);
        }
        return new Stats(sourceBytes, written.get());
    }

    /** The bytes of the regular files under {@code tree}. */
    static long fileBytes(Path tree) throws IOException {
        try (var walk = Files.walk(tree)) {
            return walk.filter(p -> Files.isRegularFile(p, NO_FOLLOW)).mapToLong(TreeCopy::size).sum();
        }
    }

    /** Writes the blocks of {@code to} that differ from {@code from}'s and cuts it to its length; returns bytes written. */
    static long syncFile(Path from, Path to) throws IOException {
        long written = 0;
        try (FileChannel in = FileChannel.open(from, StandardOpenOption.READ);
             FileChannel out = FileChannel.open(to, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long size = in.size();
            ByteBuffer a = ByteBuffer.allocate(BLOCK);
            ByteBuffer b = ByteBuffer.allocate(BLOCK);
            for (long position = 0; position < size; position += BLOCK) {
                int n = (int) Math.min(BLOCK, size - position);
                readFully(in, a.clear().limit(n), position);
                b.clear().limit(n);
                int got = readAtMost(out, b, position);
                a.flip();
                b.flip();
                if (got < n || !a.equals(b)) {
                    a.rewind();
                    while (a.hasRemaining()) {
                        out.write(a, position + a.position());
                    }
                    written += n;
                }
            }
            if (out.size() > size) {
                out.truncate(size);
            }
        }
        TreeCopy.keepAttributes(from, to);
        return written;
    }

    private static void readFully(FileChannel ch, ByteBuffer buffer, long position) throws IOException {
        if (readAtMost(ch, buffer, position) < buffer.limit()) {
            throw new IOException("a file shrank while it was read");
        }
    }

    private static int readAtMost(FileChannel ch, ByteBuffer buffer, long position) throws IOException {
        while (buffer.hasRemaining()) {
            if (ch.read(buffer, position + buffer.position()) < 0) {
                break;
            }
        }
        return buffer.position();
    }

    /** Deletes every entry under {@code to} that {@code from} lacks, or has as another kind (file, directory, link). */
    private static void removeWhatTheSourceLacks(Path from, Path to) throws IOException {
        Files.walkFileTree(to, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                if (dir.equals(to)) {
                    return FileVisitResult.CONTINUE;
                }
                Path source = from.resolve(to.relativize(dir).toString());
                if (!Files.isDirectory(source, NO_FOLLOW)) {
                    Workspace.delete(dir);
                    return FileVisitResult.SKIP_SUBTREE;
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Path source = from.resolve(to.relativize(file).toString());
                boolean sameKind = attrs.isRegularFile() ? Files.isRegularFile(source, NO_FOLLOW)
                        : Files.isSymbolicLink(source) && attrs.isSymbolicLink();
                if (!sameKind) {
                    Files.delete(file);
                }
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /**
     * Lets the owner write into every directory of {@code to} while it is synced (a data directory's subdirectories
     * may be read-only); the source's modes are put back at the end.
     */
    private static void openDirectories(Path to) throws IOException {
        Set<PosixFilePermission> needed = EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE,
                PosixFilePermission.OWNER_EXECUTE);
        Files.walkFileTree(to, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                Set<PosixFilePermission> p = Files.getPosixFilePermissions(dir, NO_FOLLOW);
                if (!p.containsAll(needed)) {
                    p.addAll(needed);
                    Files.setPosixFilePermissions(dir, p);
                }
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
