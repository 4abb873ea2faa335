package org.pgknobs.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import org.pgknobs.BadInputException;
import org.pgknobs.json.Json;
import org.pgknobs.sidebyside.SamplerBench;
import org.pgknobs.units.Durations;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code pgknobs bench sampler}: TPC-C TPS with the pg_stat_* sampler off and on, and their ratio. */
@Command(name = "sampler", mixinStandardHelpOptions = true,
        description = "What sampling pg_stat_* costs: TPC-C from the same restored data with the sampler off and on, "
                + "alternating; prints {\"tps_sampler_off\",\"tps_sampler_on\",\"ratio_on_off\",\"snapshot_round_ms_mean\",...} last. "
                + "With --statements: what observe: [statements] costs, the collector on in both and pg_stat_statements "
                + "in shared_preload_libraries in the on runs only ({\"tps_statements_off\",\"tps_statements_on\",...}).")
public final class BenchSamplerCommand implements Callable<Integer> {

    @Mixin
    TpccRunOptions run;

    @Option(names = "--warmup", defaultValue = "5s", description = "warm-up per run (default ${DEFAULT-VALUE})")
    String warmup;

    @Option(names = "--pairs", defaultValue = "2", description = "off/on pairs to run (default ${DEFAULT-VALUE})")
    int pairs;

    @Option(names = "--interval", defaultValue = "1s", description = "sampling interval (default ${DEFAULT-VALUE})")
    String interval;

    @Option(names = "--statements", description = "switch pg_stat_statements (preloaded, statements.json written) "
            + "instead of the sampler; the collector samples in every run")
    boolean statements;

    @Option(names = {"-d", "--directory"}, paramLabel = "DIR", description = "keep each run's files here")
    Path directory;

    @Override
    public Integer call() throws Exception {
        if (run.warehouses < 1 || run.terminals < 1 || pairs < 1) {
            throw new BadInputException("--warehouses, --terminals and --pairs must be at least 1");
        }
        Path out = directory != null ? directory : Files.createTempDirectory("pgknobs-bench-sampler");
        Map<String, Object> figures = new SamplerBench(run.warehouses, run.terminals, run.durationSeconds(),
                OptionUnits.seconds(warmup, "--warmup", Durations.Zero.ALLOWED), pairs,
                OptionUnits.duration(interval, "--interval", Durations.Zero.REJECTED),
                statements ? SamplerBench.Compared.STATEMENTS : SamplerBench.Compared.SAMPLER).run(out);
        System.out.println(Json.line(figures));
        return Main.OK;
    }
}
