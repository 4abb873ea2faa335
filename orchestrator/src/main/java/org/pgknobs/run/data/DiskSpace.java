package org.pgknobs.run.data;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import org.pgknobs.experiment.WorkloadSpec;
import org.pgknobs.server.ServerException;

/**
 * Checks, before a load starts, that the work directory's file system can hold the loaded cluster and
 * its snapshot: a load that runs out of disk half way takes long to fail and leaves the disk full.
 *
 * @param assumedFree when present, used instead of the file system's free space: a hidden
 *                    {@code run --assume-free-space} option, so the refusal can be shown and tested
 *                    without filling a real disk
 */
public record DiskSpace(OptionalLong assumedFree) {

    /** TPC-C data per warehouse as PostgreSQL stores it (tables and indexes), rounded up. */
    static final long TPCC_BYTES_PER_WAREHOUSE = 100L << 20;
    /** One insert-benchmark row with its primary key and three secondary indexes, rounded up. */
    static final long INSERTBENCH_BYTES_PER_ROW = 300;
    /** initdb's empty cluster and WAL. */
    static final long CLUSTER_BYTES = 64L << 20;

    /** The estimate and how it was made, for the message. */
    public record Need(long bytes, String basis) {
    }

    /** The data twice (the cluster, then its snapshot) plus an empty cluster. */
    public static Need estimate(WorkloadSpec workload) {
        long data;
        String basis;
        switch (workload.kind()) {
            case TPCC -> {
                data = workload.tpcc().warehouses() * TPCC_BYTES_PER_WAREHOUSE;
                basis = workload.tpcc().warehouses() + " warehouses x 100 MB";
            }
            default -> {
                var ib = workload.insertbench();
                long rows = ib.clients() * (ib.initialRows() + ib.i1Rows() + ib.i2Rows());
                data = rows * INSERTBENCH_BYTES_PER_ROW;
                basis = rows + " rows x " + INSERTBENCH_BYTES_PER_ROW + " B";
            }
        }
        return new Need(2 * data + CLUSTER_BYTES, basis + ", twice (the cluster and its snapshot), + 64 MB");
    }

    /** Throws (the step fails, nothing is loaded) when {@code dir}'s file system has less than {@code need}. */
    public void check(Path dir, Need need, String what) {
        long free = available(dir);
        if (free < need.bytes()) {
            throw new ServerException("not enough free disk space for loading " + what + " in " + dir + ": need about "
                    + mb(need.bytes()) + " (" + need.basis() + "), available " + mb(free)
                    + (assumedFree.isPresent() ? " (as given by --assume-free-space)" : "")
                    + "; fix: free space there, put --work-dir on a bigger disk, or make the workload smaller", List.of());
        }
    }

    long available(Path dir) {
        if (assumedFree.isPresent()) {
            return assumedFree.getAsLong();
        }
        try {
            Path existing = dir;
            while (existing != null && !Files.exists(existing)) {
                existing = existing.getParent();
            }
            return Files.getFileStore(existing == null ? Path.of("/") : existing).getUsableSpace();
        } catch (IOException e) {
            return Long.MAX_VALUE; // cannot tell: let the load itself find out
        }
    }

    static String mb(long bytes) {
        return String.format(Locale.ROOT, "%,d MB", (bytes + (1L << 20) - 1) >> 20);
    }
}
