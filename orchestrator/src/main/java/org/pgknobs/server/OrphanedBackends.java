package org.pgknobs.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The processes a postmaster left when it died without a shutdown (SIGKILL, the OOM killer): its children notice the
 * death only at their next wait and exit then, and until the last of them has, the shared memory segment is still
 * attached and a new postmaster refuses to start ("pre-existing shared memory block … is still in use"). Every
 * server process has the data directory as its working directory, which is how they are found here.
 */
final class OrphanedBackends {

    private static final long POLL_MILLIS = 10;

    private OrphanedBackends() {
    }

    /** Waits until no process works in {@code dataDirectory}; false if some still do after {@code timeout}. */
    static boolean awaitGone(Path dataDirectory, Duration timeout) {
        Path real;
        try {
            real = dataDirectory.toRealPath();
        } catch (IOException e) {
            return true; // no directory, no process in it
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        while (anyWorksIn(real)) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            try {
                TimeUnit.MILLISECONDS.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    static boolean anyWorksIn(Path realDirectory) {
        try (Stream<Path> processes = Files.list(Path.of("/proc"))) {
            return processes.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit))
                    .anyMatch(p -> worksIn(p, realDirectory));
        } catch (IOException e) {
            return false; // no /proc: nothing to wait for that this can see
        }
    }

    private static boolean worksIn(Path process, Path realDirectory) {
        try {
            return Files.readSymbolicLink(process.resolve("cwd")).equals(realDirectory);
        } catch (IOException | SecurityException e) {
            return false; // gone meanwhile, or another user's
        }
    }
}
