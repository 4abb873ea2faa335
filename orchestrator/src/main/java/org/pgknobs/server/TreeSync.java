package org.pgknobs.server;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashSet;
import java.util.Set;

/**
 * Makes a tree that was a copy of another one the same again, rewriting only what changed since: a file whose
 * {@link TreeStamps} still match is kept, every other file and directory of the target is removed, and what the source
 * has that the target lacks is copied as {@link TreeCopy} copies it (owner, mode, times). A step's run rewrites the
 * relations it wrote, its WAL and a few state files; the relations it only read, the catalog and most recycled WAL
 * segments are left, so a restore moves those bytes only (docs/reproduction.md, "What the restore and the estimate
 * rest on").
 */
public final class TreeSync {

    private static final LinkOption[] NO_FOLLOW = {LinkOption.NOFOLLOW_LINKS};

    /** What a sync did: bytes (and files) copied, and bytes left as they were. */
    public record Synced(long copiedBytes, int copiedFiles, long keptBytes) {
    }

    private TreeSync() {
    }

    /** Makes {@code to} (last written whole as {@code stamps} say) equal to {@code from}, on {@code threads} threads. */
    static Synced sync(Path from, Path to, TreeStamps stamps, int threads) throws IOException {
        Set<String> kept = new HashSet<>();
        long[] keptBytes = {0};
        Files.walkFileTree(to, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                if (!dir.equals(to) && !Files.isDirectory(source(dir), NO_FOLLOW)) {
                    EmbeddedBinaries.deleteTree(dir);
                    return FileVisitResult.SKIP_SUBTREE;
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                String relative = to.relativize(file).toString();
                Path source = source(file);
                boolean same = attrs.isRegularFile() ? Files.isRegularFile(source, NO_FOLLOW)
                        && stamps.untouched(relative, file)
                        : attrs.isSymbolicLink() && Files.isSymbolicLink(source)
                                && Files.readSymbolicLink(source).equals(Files.readSymbolicLink(file));
                if (same) {
                    kept.add(relative);
                    keptBytes[0] += attrs.size();
                } else {
                    Files.delete(file);
                }
                return FileVisitResult.CONTINUE;
            }

            private Path source(Path inTarget) {
                return from.resolve(to.relativize(inTarget).toString());
            }
        });
        TreeCopy.Copied copied = TreeCopy.copyAbsent(from, to, kept, threads);
        return new Synced(copied.bytes(), copied.files(), keptBytes[0]);
    }
}
