package org.pgknobs.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.pgknobs.BadInputException;
import org.pgknobs.sidebyside.insertbench.InsertBenchComparison;
import org.pgknobs.host.CpuAffinity;
import org.pgknobs.host.CpuSet;
import org.pgknobs.host.CpuSplit;
import org.pgknobs.json.Json;
import org.pgknobs.workload.insertbench.InsertBenchConfig;
import org.pgknobs.workload.insertbench.InsertBenchVariant;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code pgknobs bench insertbench --against-iibench PATH}: the write steps (l.i0, l.x, l.i1, l.i2) of
 * pgknobs' insert benchmark and of Callaghan's iibench.py, in turn on one embedded server with the same
 * parameters, pair after pair (the order alternates so drift on a shared machine hits both). Prints each
 * pair's rates and the ratios pgknobs / iibench.py, and one JSON object last.
 */
@Command(name = "insertbench", mixinStandardHelpOptions = true,
        description = "Side by side with iibench.py on one embedded server; prints {\"variant\",\"pairs\":[...],"
                + "\"median_ratio\":{\"l.i0\",\"l.i1\",\"l.i2\"},\"median_nonclient_cpu_ratio\":{...},\"loadavg\"} last. "
                + "Sizes without options: 1 client, 500000 initial rows, 300000 l.i1 rows, 30000 l.i2 rows (current only).")
public final class InsertBenchBenchCommand implements Callable<Integer> {

    @picocli.CommandLine.Mixin
    AllowOptions allowOptions;

    @Option(names = "--against-iibench", required = true, paramLabel = "PATH",
            description = "A local iibench.py (mdcallag/mytools bench/ibench); needs Python 3 with psycopg2.")
    Path iibench;

    @Option(names = "--python", defaultValue = "/usr/bin/python3", description = "Python 3 with psycopg2 (default ${DEFAULT-VALUE})")
    Path python;

    @Option(names = "--pairs", defaultValue = "2", description = "pgknobs + iibench.py runs (default ${DEFAULT-VALUE}, at least 2)")
    int pairs;

    @Option(names = "--warmup-pairs", defaultValue = "1", description = "pairs run first and left out of the medians "
            + "(default ${DEFAULT-VALUE}): pgknobs' JVM compiles its hot code during the first steps, and a short l.i0 "
            + "is over before it has")
    int warmupPairs;

    /** PATH must be the iibench.py of --variant; unset sizes are {@link #SIZES}'. */
    @Mixin
    InsertBenchSizeOptions sizes;

    @Option(names = "--set", paramLabel = "NAME=VALUE", description = "server setting, repeatable: checked against "
            + "pg_settings before anything is loaded, applied with ALTER SYSTEM (a restart when it needs one) and "
            + "verified; the verification is printed as the first JSON line")
    Map<String, String> settings = new LinkedHashMap<>();

    @Option(names = {"-d", "--directory"}, paramLabel = "DIR", description = "keep both tools' per-pair output here "
            + "(default: a new directory under the temporary directory, printed as \"output\")")
    Path directory;

    @Option(names = "--initdb-option", description = "initdb option, repeatable, e.g. --initdb-option=--data-checksums")
    List<String> initdbOptions = new ArrayList<>();

    @Option(names = "--server-cpus", paramLabel = "LIST", description = "pin the server's processes to these CPUs "
            + "(taskset list, e.g. 0 or 0-3); needs --client-cpus. On a small host, a client that spends more CPU per "
            + "row otherwise takes it from the server, and the rates compare clients rather than the server's work")
    String serverCpus;

    @Option(names = "--client-cpus", paramLabel = "LIST", description = "pin both tools' clients (this JVM and "
            + "iibench.py's processes) to these CPUs, disjoint from --server-cpus")
    String clientCpus;

    /** Without options: 1 client, 500,000 rows loaded, 300,000 in l.i1, 30,000 in l.i2 (current only). */
    static final InsertBenchConfig SIZES = new InsertBenchConfig(1, 500_000, 300_000, 30_000, 1, List.of(),
            InsertBenchVariant.CURRENT, 0, null);

    @Override
    public Integer call() throws Exception {
        if (!Files.isRegularFile(iibench)) {
            throw new BadInputException("--against-iibench " + iibench + ": no such file; give the path of a local iibench.py");
        }
        if (pairs < 2) {
            throw new BadInputException("--pairs " + pairs + ": at least 2 pairs, so the median means something");
        }
        OptionUnits.settingNames(settings.keySet(), "--set");
        allowOptions.require(settings, "--set");
        AllowOptions.requireInitdb(initdbOptions, allowOptions.kinds(), "--initdb-option");
        if (warmupPairs < 0) {
            throw new BadInputException("--warmup-pairs " + warmupPairs + ": give 0 or more");
        }
        InsertBenchConfig sized = sizes.over(SIZES);
        InsertBenchConfig config = sized.variant() == InsertBenchVariant.CURRENT ? sized
                : new InsertBenchConfig(sized.clients(), sized.initialRows(), sized.i1Rows(), 0, 1, List.of(),
                        sized.variant(), 0, null);
        InsertBenchComparison comparison = new InsertBenchComparison(python, iibench, config,
                pairs, warmupPairs, settings, directory, initdbOptions, cpuSplit());
        Map<String, Object> out = comparison.run(line -> System.out.println(Json.line(line)));
        System.out.println(Json.line(out));
        return Main.OK;
    }

    /** The --server-cpus / --client-cpus pair, checked against the CPUs online; null when neither is given. */
    private CpuSplit cpuSplit() {
        if (serverCpus == null && clientCpus == null) {
            return null;
        }
        if (serverCpus == null || clientCpus == null) {
            throw new BadInputException("--server-cpus and --client-cpus go together: give both (e.g. --server-cpus 0 "
                    + "--client-cpus 1) or neither");
        }
        CpuSet online = CpuSet.online();
        CpuSplit split;
        try {
            split = new CpuSplit(cpus(serverCpus, "--server-cpus", online), cpus(clientCpus, "--client-cpus", online));
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--server-cpus, --client-cpus: " + e.getMessage() + "; give each side CPUs of its own");
        }
        if (!CpuAffinity.available()) {
            throw new BadInputException("--server-cpus needs taskset (util-linux), which cannot be run here: install it "
                    + "(apt-get install util-linux) or leave out --server-cpus and --client-cpus");
        }
        return split;
    }

    private static CpuSet cpus(String list, String option, CpuSet online) {
        CpuSet set;
        try {
            set = CpuSet.parse(list);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(option + " " + list + ": " + e.getMessage());
        }
        if (!online.containsAll(set)) {
            throw new BadInputException(option + " " + list + ": this host has CPUs " + online + " online; name only those");
        }
        return set;
    }
}
