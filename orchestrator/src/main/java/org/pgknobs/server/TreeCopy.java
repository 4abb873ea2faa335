package org.pgknobs.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A directory tree copied file by file on several threads, each entry keeping its owner, group, mode and
 * modification time, as {@code cp -a} keeps them (a PostgreSQL data directory must stay its OS user's, mode 700).
 * Copying a loaded cluster is mostly the kernel moving pages, which {@code cp} does one file at a time on one core
 * while the others idle (docs/reproduction.md, "What the restore and the estimate rest on"). Files go through
 * {@link FileChannel#transferTo} (sendfile), the largest first so that the threads end together.
 */
final class TreeCopy {

    private static final LinkOption[] NO_FOLLOW = {LinkOption.NOFOLLOW_LINKS};

    private TreeCopy() {
    }

    /** Copies {@code from} to {@code to}, which must not exist yet, on {@code threads} threads. */
    static void copy(Path from, Path to, int threads) throws IOException {
        if (Files.exists(to, NO_FOLLOW)) {
            throw new IOException(to + " exists already: a tree is copied into a new directory only");
        }
        copyAbsent(from, to, Set.of(), threads);
    }

    /** What a copy moved: regular files and their bytes. */
    record Copied(int files, long bytes) {
    }

    /**
     * Copies what {@code from} holds into {@code to} but the files named in {@code present} (relative paths, already
     * there and equal), creating missing directories; then gives every directory its attributes.
     */
    static Copied copyAbsent(Path from, Path to, Set<String> present, int threads) throws IOException {
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
                String relative = from.relativize(file).toString();
                if (present.contains(relative)) {
                    return FileVisitResult.CONTINUE;
                }
                Path target = to.resolve(relative);
                if (attrs.isRegularFile()) {
                    files.add(new Path[] {file, target});
                } else {
                    // a symbolic link is copied as the link, as cp -a does
                    Files.copy(file, target, StandardCopyOption.COPY_ATTRIBUTES, LinkOption.NOFOLLOW_LINKS);
                }
                return FileVisitResult.CONTINUE;
            }
        });
        long bytes = copyFiles(files, threads, from);
        keepDirectoryAttributes(directories);
        return new Copied(files.size(), bytes);
    }

    /** Copies each {from, to} pair (targets must not exist), the largest first, on {@code threads} threads; the bytes. */
    private static long copyFiles(List<Path[]> files, int threads, Path from) throws IOException {
        files.sort(Comparator.comparingLong((Path[] p) -> size(p[0])).reversed());
        long bytes = files.stream().mapToLong(p -> size(p[0])).sum();
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads), r -> {
            Thread t = new Thread(r, "tree-copy");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<?>> done = new ArrayList<>();
            for (Path[] f : files) {
                done.add(pool.submit(() -> {
                    copyFile(f[0], f[1]);
                    return null;
                }));
            }
            for (Future<?> d : done) {
                d.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while copying " + from, e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
        return bytes;
    }

    /** Each {from, to} directory pair's attributes, deepest first, once their files are in: a mode may forbid writes. */
    private static void keepDirectoryAttributes(List<Path[]> directories) throws IOException {
        for (int i = directories.size() - 1; i >= 0; i--) {
            keepAttributes(directories.get(i)[0], directories.get(i)[1]);
        }
    }

    private static void copyFile(Path from, Path to) throws IOException {
        try (FileChannel in = FileChannel.open(from, StandardOpenOption.READ);
             FileChannel out = FileChannel.open(to, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            long size = in.size();
            long position = 0;
            while (position < size) {
                long n = in.transferTo(position, size - position, out);
                if (n <= 0) {
                    break; // the file shrank under us: copy what there is
                }
                position += n;
            }
        }
        keepAttributes(from, to);
    }

    private static void keepAttributes(Path from, Path to) throws IOException {
        PosixFileAttributes a = Files.readAttributes(from, PosixFileAttributes.class, NO_FOLLOW);
        PosixFileAttributeView view = Files.getFileAttributeView(to, PosixFileAttributeView.class, NO_FOLLOW);
        PosixFileAttributes now = view.readAttributes();
        // only a change needs privileges: a user copying their own tree keeps owner and group without chown
        if (!now.owner().equals(a.owner())) {
            view.setOwner(a.owner());
        }
        if (!now.group().equals(a.group())) {
            view.setGroup(a.group());
        }
        view.setPermissions(a.permissions());
        view.setTimes(a.lastModifiedTime(), a.lastAccessTime(), null);
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
