package org.pgknobs.host;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** This machine's RAM and the free disk where the data directories go, for {@link org.pgknobs.experiment.plan.MachineScaler}. */
public record HostFacts(long ramBytes, long freeDiskBytes) {

    public static HostFacts detect(Path workDir) {
        return new HostFacts(memTotal(MemInfo.PROC_MEMINFO), freeDisk(workDir));
    }

    static long memTotal(Path meminfo) {
        return MemInfo.totalBytes(meminfo).orElseThrow(() -> new IllegalStateException("no MemTotal line in " + meminfo));
    }

    /** Free space of the work directory's file system; the directory need not exist yet. */
    static long freeDisk(Path workDir) {
        Path existing = workDir.toAbsolutePath();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        try {
            return Files.getFileStore(existing == null ? Path.of("/") : existing).getUsableSpace();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read free space of " + workDir, e);
        }
    }
}
