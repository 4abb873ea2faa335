package org.pgknobs.host;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.pgknobs.process.CommandResult;
import org.pgknobs.process.CommandRunner;

/**
 * The OS page cache's hold on a directory tree: drop a tree's pages, read it in, and
 * measure how much of it is cached. The JDK cannot call posix_fadvise or mincore, so dropping goes through GNU
 * dd ({@code iflag=nocache count=0}: POSIX_FADV_DONTNEED on the whole file) and measuring through util-linux
 * fincore, both part of every Debian system.
 */
public final class PageCache {

    /** Smaller files (a cluster has ~1,300 of them, most a page or two) hold too little to matter. */
    static final long LARGE_FILE_BYTES = 1L << 20;

    /**
     * One shell runs dd for this many files rather than a process per file (docs/reproduction.md, "What the
     * restore and the estimate rest on"); 200 stay well under an argument list's limit.
     */
    private static final int FILES_PER_SHELL = 200;

    private static final Duration COMMAND_TIMEOUT = Duration.ofMinutes(10);

    private PageCache() {
    }

    /**
     * Asks the kernel to drop the cached pages of every file of at least 1 MiB under {@code tree} (clean pages go;
     * dirty ones stay until written). Advice, not a guarantee: false when dd refused a file or is missing.
     */
    public static boolean drop(Path tree) {
        List<Path> large = largeFiles(tree);
        boolean all = true;
        for (int from = 0; from < large.size(); from += FILES_PER_SHELL) {
            List<String> command = new ArrayList<>(List.of("sh", "-c",
                    "for f; do dd if=\"$f\" iflag=nocache count=0 status=none || exit 1; done", "sh"));
            large.subList(from, Math.min(large.size(), from + FILES_PER_SHELL)).forEach(f -> command.add(f.toString()));
            try {
                all &= CommandRunner.run(command, COMMAND_TIMEOUT).succeeded();
            } catch (RuntimeException e) {
                return false; // no shell to run dd from
            }
        }
        return all;
    }

    /**
     * Whether {@code path} lives on a memory file system (tmpfs, ramfs), where the page cache is the file itself:
     * nothing to drop or read in.
     */
    public static boolean inMemory(Path path) {
        try {
            String type = Files.getFileStore(path).type();
            return type.equals("tmpfs") || type.equals("ramfs");
        } catch (IOException e) {
            return false;
        }
    }

    /** Reads every regular file under {@code tree} once, so that its pages are cached; returns the bytes read. */
    public static long warm(Path tree) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 20);
        long total = 0;
        for (Path file : files(tree)) {
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
                int n;
                while ((n = ch.read(buffer.clear())) >= 0) {
                    total += n;
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
            }
        }
        return total;
    }

    /**
     * Bytes of the files of at least 1 MiB under {@code tree} that are in the page cache now (fincore's RES), or
     * empty when fincore is missing or fails.
     */
    public static OptionalLong cachedBytes(Path tree) {
        List<Path> large = largeFiles(tree);
        if (large.isEmpty()) {
            return OptionalLong.of(0);
        }
        List<String> command = new ArrayList<>(List.of("fincore", "--bytes", "--noheadings", "--raw", "--output", "RES"));
        large.forEach(f -> command.add(f.toString()));
        CommandResult r;
        try {
            r = CommandRunner.run(command, COMMAND_TIMEOUT);
        } catch (RuntimeException e) {
            return OptionalLong.empty(); // no fincore on this system
        }
        if (!r.succeeded()) {
            return OptionalLong.empty();
        }
        long sum = 0;
        for (String line : r.output().split("\n")) {
            String v = line.strip();
            if (!v.isEmpty()) {
                if (!v.chars().allMatch(Character::isDigit)) {
                    return OptionalLong.empty();
                }
                sum += Long.parseLong(v);
            }
        }
        return OptionalLong.of(sum);
    }

    /** The total size of the files of at least 1 MiB under {@code tree}: what {@link #cachedBytes} is out of. */
    public static long largeFileBytes(Path tree) {
        return largeFiles(tree).stream().mapToLong(PageCache::size).sum();
    }

    private static List<Path> largeFiles(Path tree) {
        return files(tree).stream().filter(f -> size(f) >= LARGE_FILE_BYTES).toList();
    }

    private static List<Path> files(Path tree) {
        try (Stream<Path> walk = Files.walk(tree)) {
            return walk.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + tree + ": " + e.getMessage(), e);
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0; // gone since the walk (a server's temporary file): nothing to cache
        }
    }
}
