package org.pgknobs.sidebyside.insertbench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.pgknobs.host.CpuSet;
import org.pgknobs.host.CpuSplit;
import org.pgknobs.host.CpuTicks;
import org.pgknobs.run.capture.CpuWatch;
import org.pgknobs.results.PhaseResult;
import org.pgknobs.results.WorkloadResult;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.stats.Stats;
import org.pgknobs.workload.MeasurementListener;
import org.pgknobs.workload.ProgressListener;
import org.pgknobs.workload.WorkloadException;
import org.pgknobs.workload.insertbench.InsertBenchConfig;
import org.pgknobs.workload.insertbench.InsertBenchWorkload;

/**
 * One pair of the side-by-side check, interleaved step by step: each write step runs for pgknobs (database
 * ib) and for iibench.py (its own database) right after one another, in the pair's order, so a change in the
 * machine's load between steps hits both tools of a step alike. Around every step, pg_stat_statements
 * gives the server's mean time per INSERT and DELETE, and /proc/stat the whole host's CPU per row (us + sy, as
 * vmstat): on a CPU-bound machine the tools' rates then follow their host CPU per row, so the part the client
 * does not spend (host minus client) tells whether both tools gave the server the same work per row.
 */
public final class InsertBenchPairRun {

    /** iibench.py's tables live in their own database, so both tools' tables exist side by side. */
    public static final String HIS_DATABASE = "ib_iibench";

    private final InsertBenchConfig config;
    private final ConnectionInfo admin;
    private final IibenchPhase iib;
    private final InsertBenchStatementCosts costs;
    private final boolean hisFirst;
    private final Path ourOutput;
    private final Map<String, Double> hisRates = new LinkedHashMap<>();
    private final Map<String, Double> hisCpu = new LinkedHashMap<>();
    private final Map<String, Object> hisServer = new LinkedHashMap<>();
    private final Map<String, Double> hisHostCpu = new LinkedHashMap<>();
    private final Map<String, Double> hisBusy = new LinkedHashMap<>();
    private final Map<String, Object> hisCpusBusy = new LinkedHashMap<>();
    private final CpuSplit split;
    private final Map<String, Object> ourServer = new LinkedHashMap<>();
    private final Map<String, Object> ourCpusBusy = new LinkedHashMap<>();
    // his steps are windows of their own; ours are the workload's measured phases
    private final CpuWatch ourCpuWatch = new CpuWatch(null);
    private final CpuWatch hisCpuWatch = new CpuWatch(null);

    public InsertBenchPairRun(InsertBenchConfig config, ConnectionInfo admin, IibenchPhase iib, InsertBenchStatementCosts costs,
                       boolean hisFirst, Path ourOutput, CpuSplit split) {
        this.split = split;
        this.config = config;
        this.ourOutput = ourOutput;
        this.admin = admin;
        this.iib = iib;
        this.costs = costs;
        this.hisFirst = hisFirst;
    }

    public Map<String, Object> run() throws WorkloadException, SQLException, IOException {
        try (Connection c = admin.connect(); Statement s = c.createStatement()) {
            s.execute("drop database if exists " + HIS_DATABASE + " with (force)");
            s.execute("create database " + HIS_DATABASE);
        }
        InsertBenchWorkload w = new InsertBenchWorkload(config);
        w.load(admin, ProgressListener.NONE);
        WorkloadResult result;
        try {
            result = w.run(admin, Files.createDirectories(ourOutput), new MeasurementListener() {
                @Override
                public void phaseStarted(String phase) {
                    if (hisFirst) {
                        his(phase);
                    }
                    settle();
                    costs.reset();
                    ourCpuWatch.phaseStarted(phase);
                }

                @Override
                public void phaseEnded(String phase) {
                    ourCpuWatch.phaseEnded(phase);
                    putCpusBusy(ourCpusBusy, phase, ourCpuWatch);
                    ourServer.put(phase, costs.read(InsertBenchWorkload.DATABASE));
                    if (!hisFirst) {
                        his(phase);
                    }
                }
            });
        } catch (UncheckedWorkloadException e) {
            throw e.cause;
        }
        Map<String, Double> ours = new LinkedHashMap<>();
        Map<String, Double> ourCpu = new LinkedHashMap<>();
        Map<String, Double> ourHostCpu = new LinkedHashMap<>();
        Map<String, Double> ourBusy = new LinkedHashMap<>();
        for (PhaseResult p : result.phases()) {
            ours.put(p.name(), p.throughput());
            if (p.name().equals("l.x")) {
                continue;
            }
            if (p.details().get("clientCpuMicrosPerOp") instanceof Number cpu) {
                ourCpu.put(p.name(), Stats.round1(cpu.doubleValue()));
            }
            if (p.details().get("cpuMicrosPerOp") instanceof Number host && p.seconds() > 0) {
                ourHostCpu.put(p.name(), Stats.round1(host.doubleValue()));
            }
            ourCpuWatch.window(p.name()).flatMap(InsertBenchPairRun::busyPercent).ifPresent(busy -> ourBusy.put(p.name(), busy));
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("pgknobs", ours);
        out.put("iibench", hisRates);
        out.put("ratio", ratios(ours, hisRates));
        out.put("client_cpu_us_per_row", Map.of("pgknobs", ourCpu, "iibench", hisCpu));
        out.put("host_cpu_us_per_row", Map.of("pgknobs", ourHostCpu, "iibench", hisHostCpu));
        Map<String, Double> ourNonclient = minus(ourHostCpu, ourCpu);
        Map<String, Double> hisNonclient = minus(hisHostCpu, hisCpu);
        out.put("nonclient_cpu_us_per_row", Map.of("pgknobs", ourNonclient, "iibench", hisNonclient));
        out.put("nonclient_cpu_ratio", ratios(ourNonclient, hisNonclient));
        out.put("host_busy_pct", Map.of("pgknobs", ourBusy, "iibench", hisBusy));
        if (split != null) {
            out.put("cpus_busy_pct", Map.of("pgknobs", ourCpusBusy, "iibench", hisCpusBusy));
        }
        out.put("server", Map.of("pgknobs", ourServer, "iibench", hisServer));
        out.put("client_gap_ms_per_insert", Map.of("pgknobs", gaps(ours, ourServer), "iibench", gaps(hisRates, hisServer)));
        return out;
    }

    /** ours ÷ his per phase, to 3 decimals, for the phases both have and his figure is above zero. */
    private static Map<String, Double> ratios(Map<String, Double> ours, Map<String, Double> his) {
        Map<String, Double> out = new LinkedHashMap<>();
        his.forEach((phase, h) -> {
            if (ours.containsKey(phase) && h > 0) {
                out.put(phase, Stats.round3(ours.get(phase) / h));
            }
        });
        return out;
    }

    /**
     * Busy CPU over the step as a share of all the host's CPUs online (100 = every core busy throughout): us + sy
     * ticks over all ticks between the same two readings of /proc/stat, as the split's per-CPU shares are. Busy
     * micros over wall seconds times the cores mixes two clocks and can read over 100 % on a busy host
     * (docs/benchmarks.md). Empty for a window under 1 s, which a few 10 ms ticks per CPU describe too coarsely.
     */
    private static Optional<Double> busyPercent(CpuWatch.Window w) {
        if (w.seconds() < 1) {
            return Optional.empty();
        }
        OptionalDouble busy = CpuTicks.busyPercent(w.perCpuBefore(), w.perCpuAfter(), CpuSet.online());
        return busy.isPresent() ? Optional.of(Stats.round1(busy.getAsDouble())) : Optional.empty();
    }

    /** The server's and the client's CPUs' busy shares over a step of 1 s or more, when they were split. */
    private void putCpusBusy(Map<String, Object> into, String phase, CpuWatch watch) {
        if (split == null || phase.equals("l.x")) {
            return;
        }
        watch.window(phase).filter(w -> w.seconds() >= 1).map(w -> w.busyPercent(split))
                .filter(busy -> !busy.isEmpty()).ifPresent(busy -> into.put(phase, busy));
    }

    /** Host CPU per row minus the tool's own: the server's processes and the kernel's work for them. */
    private static Map<String, Double> minus(Map<String, Double> host, Map<String, Double> client) {
        Map<String, Double> out = new LinkedHashMap<>();
        host.forEach((phase, h) -> {
            if (client.containsKey(phase)) {
                out.put(phase, Stats.round1(h - client.get(phase)));
            }
        });
        return out;
    }

    /**
     * Wall ms per INSERT statement (rows per statement / rate) minus the server's mean execution ms of one:
     * the time per statement the server did not spend executing it (driver, network, scheduling waits).
     */
    private static Map<String, Double> gaps(Map<String, Double> rates, Map<String, Object> server) {
        Map<String, Double> out = new LinkedHashMap<>();
        Map<String, Integer> batch = Map.of("l.i0", InsertBenchWorkload.LOAD_BATCH, "l.i1", InsertBenchWorkload.I1_BATCH,
                "l.i2", InsertBenchWorkload.I2_BATCH);
        batch.forEach((phase, rows) -> {
            if (rates.containsKey(phase) && server.get(phase) instanceof Map<?, ?> m && m.get("insert_ms") instanceof Double ms) {
                out.put(phase, Stats.round3(1000.0 * rows / rates.get(phase) - ms));
            }
        });
        return out;
    }

    /**
     * Both tools start every step from the same server state: no autovacuum worker running (at most 120 s),
     * both tools' tables vacuumed and analyzed, then a checkpoint. Without the wait the tool that runs second
     * in a step paid for vacuuming the first one's dead rows; without the VACUUM, autovacuum of l.i1's deleted
     * rows still started during whichever tool's l.i2 came first after its naptime. Either made the l.i2 ratio
     * depend on the order in the pair (docs/benchmarks.md, "Insert benchmark beside iibench.py").
     */
    private void settle() {
        try (Connection c = admin.connect(); Statement s = c.createStatement()) {
            awaitNoAutovacuum(s);
            for (String db : List.of(InsertBenchWorkload.DATABASE, HIS_DATABASE)) {
                try (Connection d = admin.connect(db); Statement v = d.createStatement()) {
                    v.execute("vacuum (analyze)");
                }
            }
            s.execute("checkpoint");
            awaitNoAutovacuum(s);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot settle the server between steps: " + e.getMessage(), e);
        }
    }

    private static void awaitNoAutovacuum(Statement s) throws SQLException {
        try {
            long deadline = System.nanoTime() + 120_000_000_000L;
            while (System.nanoTime() < deadline) {
                try (var rs = s.executeQuery("select count(*) from pg_stat_activity where backend_type = 'autovacuum worker'")) {
                    rs.next();
                    if (rs.getLong(1) == 0) {
                        return;
                    }
                }
                Thread.sleep(200);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while settling the server", e);
        }
    }

    /** iibench.py's version of a step, as np.sh runs it. */
    private void his(String phase) {
        try {
            settle();
            costs.reset();
            hisCpuWatch.phaseStarted(phase);
            IibenchPhase.Result r = switch (phase) {
                case "l.i0" -> iib.loadI0(config.clients(), config.initialRows());
                case "l.x" -> iib.indexes(config.clients());
                case "l.i1" -> iib.insertDelete(phase, config.clients(), config.i1Rows(), InsertBenchWorkload.I1_BATCH);
                case "l.i2" -> iib.insertDelete(phase, config.clients(), config.i2Rows(), InsertBenchWorkload.I2_BATCH);
                default -> null;
            };
            hisCpuWatch.phaseEnded(phase);
            putCpusBusy(hisCpusBusy, phase, hisCpuWatch);
            Optional<CpuWatch.Window> window = hisCpuWatch.window(phase);
            hisServer.put(phase, costs.read(HIS_DATABASE));
            if (r == null) {
                return;
            }
            if (phase.equals("l.x")) {
                // his own clock around create_index when he printed it; the process's wall otherwise (it adds
                // Python's start-up and up to 1 s of his reporting loop; docs/benchmarks.md)
                hisRates.put(phase, config.clients() * config.initialRows() / r.indexSeconds().orElse(r.wallSeconds()));
            } else {
                hisRates.put(phase, r.rate());
                hisCpu.put(phase, Stats.round1(r.clientCpuMicrosPerRow()));
                if (window.isPresent() && r.rows() > 0) {
                    hisHostCpu.put(phase, Stats.round1((double) window.get().busyMicros() / r.rows()));
                    busyPercent(window.get()).ifPresent(pct -> hisBusy.put(phase, pct));
                }
            }
        } catch (WorkloadException e) {
            throw new UncheckedWorkloadException(e);
        }
    }

    /** Carries iibench.py's failure out of the listener, which cannot throw checked exceptions. */
    private static final class UncheckedWorkloadException extends RuntimeException {
        final WorkloadException cause;

        UncheckedWorkloadException(WorkloadException cause) {
            super(cause);
            this.cause = cause;
        }
    }
}
