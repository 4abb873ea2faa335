package org.pgknobs.sidebyside.insertbench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.workload.WorkloadException;
import org.pgknobs.workload.insertbench.InsertBenchSchema;
import org.pgknobs.workload.insertbench.InsertBenchWorkload;

/**
 * One write step of Callaghan's own iibench.py, started as np.sh starts it: one python process per client
 * (table piN, --my_id=N, --seed = step start + N), with np.sh's arguments for Postgres. For the side-by-side
 * check against pgknobs; iibench.py itself is the user's local copy, never part of pgknobs.
 *
 * <p>Two rates come out. {@code npRate} is np.sh's: rows / wall seconds from the first launch to the last
 * exit, which includes Python's start-up and up to one second of his reporting loop's polling (it sleeps
 * --secs_per_report=1 before it notices the inserter is done). {@code rate} excludes both: per client,
 * rows inserted by his last per-second report line before the final one, divided by that line's t_sec
 * (measured from the start barrier); summed over clients. That is the figure to compare.
 */
public final class IibenchPhase {

    /**
     * @param rate rows/s from his per-second lines, {@code npRate} rows/s as np.sh computes it,
     * {@code indexSeconds} his own time for the CREATE INDEX statements (l.x; the slowest client), 0.1 s grain
     */
    public record Result(String phase, long rows, double rate, double npRate, double wallSeconds,
                         double clientCpuSeconds, OptionalDouble indexSeconds) {

        /** iibench.py's own CPU (user + system of its processes, as np.sh's /usr/bin/time) per row. */
        public double clientCpuMicrosPerRow() {
            return rows == 0 ? 0 : clientCpuSeconds * 1e6 / rows;
        }
    }

    private final Path python;
    private final Path iibench;
    private final ConnectionInfo admin;
    private final Path workDir;
    private final String database;

    /** {@code database}: where his tables go (pgknobs' own are in {@value InsertBenchWorkload#DATABASE}). */
    public IibenchPhase(Path python, Path iibench, ConnectionInfo admin, Path workDir, String database) {
        this.python = python;
        this.iibench = iibench;
        this.admin = admin;
        this.workDir = workDir;
        this.database = database;
    }

    /** l.i0: --setup, 100 rows per commit, no secondary index. */
    public Result loadI0(int clients, long rowsPerClient) throws WorkloadException {
        return run("l.i0", clients, rowsPerClient, List.of("--setup", "--num_secondary_indexes=0",
                "--rows_per_commit=" + InsertBenchWorkload.LOAD_BATCH));
    }

    /** l.x without his extra inserts: max_rows=0 and --secondary_at_end, so only his create_index runs. */
    public Result indexes(int clients) throws WorkloadException {
        return run("l.x", clients, 0, List.of("--num_secondary_indexes=3", "--secondary_at_end",
                "--rows_per_commit=" + InsertBenchWorkload.LOAD_BATCH));
    }

    /** l.i1 / l.i2: insert and delete with this many rows per commit. */
    public Result insertDelete(String phase, int clients, long rowsPerClient, int rowsPerCommit) throws WorkloadException {
        return run(phase, clients, rowsPerClient, List.of("--num_secondary_indexes=3", "--delete_per_insert",
                "--rows_per_commit=" + rowsPerCommit));
    }

    private Result run(String phase, int clients, long rowsPerClient, List<String> extra) throws WorkloadException {
        long startSecs = System.currentTimeMillis() / 1000;
        List<Process> processes = new ArrayList<>();
        List<Path> outputs = new ArrayList<>();
        long begin = System.nanoTime();
        try {
            // absolute: the process runs in this directory, and /usr/bin/time -o resolves against its own cwd
            Path dir = Files.createDirectories(workDir.resolve(phase)).toAbsolutePath();
            for (int n = 1; n <= clients; n++) {
                // np.sh runs each client under /usr/bin/time for its client CPU; so do we
                List<String> cmd = new ArrayList<>(List.of("/usr/bin/time", "-f", "%U %S", "-o",
                        dir.resolve("o.ctime." + n).toString(), python.toString(), iibench.toAbsolutePath().toString(),
                        "--dbms=postgres", "--db_name=" + database, "--secs_per_report=1",
                        "--db_host=" + admin.host(), "--db_user=" + admin.user(),
                        "--db_password=" + (admin.password() == null ? "" : admin.password()),
                        "--engine=pg", "--unique_checks=1", "--bulk_load=0", "--max_rows=" + rowsPerClient,
                        "--table_name=" + InsertBenchSchema.table(n), "--data_length_min=10", "--data_length_max=20",
                        "--inserts_per_second=0", "--query_threads=0", "--seed=" + (startSecs + n), "--dbopt=none",
                        "--my_id=" + n, "--use_prepared_query"));
                cmd.addAll(extra);
                Path out = dir.resolve("o.ib." + n);
                ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true)
                        .redirectOutput(out.toFile());
                Map<String, String> env = pb.environment();
                // his 2023 get_conn passes neither port nor user nor password: libpq reads them from here
                env.put("PGPORT", Integer.toString(admin.port()));
                env.put("PGUSER", admin.user());
                if (admin.password() != null) {
                    env.put("PGPASSWORD", admin.password());
                }
                processes.add(pb.start());
                outputs.add(out);
            }
            for (Process p : processes) {
                if (!p.waitFor(6, TimeUnit.HOURS) || p.exitValue() != 0) {
                    throw new WorkloadException("iibench.py " + phase + " failed (exit " + (p.isAlive() ? "none" : p.exitValue())
                            + "); its output: " + tail(outputs.get(processes.indexOf(p))), null);
                }
            }
        } catch (IOException e) {
            throw new WorkloadException("cannot start " + python + " " + iibench + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WorkloadException("interrupted while iibench.py ran " + phase, e);
        } finally {
            processes.forEach(Process::destroy);
        }
        double wall = (System.nanoTime() - begin) / 1e9;
        long rows = 0;
        double rate = 0;
        double cpu = 0;
        OptionalDouble indexSeconds = OptionalDouble.empty();
        for (int n = 1; n <= outputs.size(); n++) {
            IibenchReport report = IibenchReport.parse(outputs.get(n - 1));
            if (report.indexSeconds().isPresent()) {
                indexSeconds = OptionalDouble.of(Math.max(indexSeconds.orElse(0), report.indexSeconds().getAsDouble()));
            }
            rows += report.rowsInserted();
            rate += report.steadyRate().orElse(report.rowsInserted() / wall);
            cpu += cpuSeconds(outputs.get(n - 1).resolveSibling("o.ctime." + n));
        }
        return new Result(phase, rows, rate, rows / wall, wall, cpu, indexSeconds);
    }

    /** "user system" seconds written by /usr/bin/time -f "%U %S" (its last line). */
    private static double cpuSeconds(Path ctime) {
        try {
            List<String> lines = Files.readAllLines(ctime);
            String[] f = lines.get(lines.size() - 1).trim().split("\\s+");
            return Double.parseDouble(f[0]) + Double.parseDouble(f[1]);
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    private static String tail(Path out) {
        try {
            List<String> lines = Files.readAllLines(out);
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - 8), lines.size()));
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }
}
