package org.pgknobs.host;

import java.nio.file.Path;

/** The one reader of the kernel's release. */
public final class Kernel {

    private static final Path OSRELEASE = Path.of("/proc/sys/kernel/osrelease");

    private Kernel() {
    }

    /** /proc/sys/kernel/osrelease ({@code 6.1.0-27-amd64}); the JVM's os.version where there is none. */
    public static String release() {
        return ProcFiles.firstLine(OSRELEASE).orElse(System.getProperty("os.version"));
    }
}
