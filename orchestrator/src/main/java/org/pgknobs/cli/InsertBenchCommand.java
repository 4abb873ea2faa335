package org.pgknobs.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.pgknobs.BadInputException;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.server.ThrowawayServer;
import org.pgknobs.workload.MeasurementListener;
import org.pgknobs.workload.ProgressListener;
import org.pgknobs.workload.WorkloadException;
import org.pgknobs.workload.insertbench.InsertBenchConfig;
import org.pgknobs.workload.insertbench.InsertBenchWorkload;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Runs the insert benchmark once, outside an experiment: on a throw-away embedded server or an existing one. */
@Command(name = "insertbench", mixinStandardHelpOptions = true,
        description = "Run the insert benchmark (l.i0, l.x, l.i1, l.i2, qr*/qp*) once and write "
                + "insertbench.phases.json, insertbench.samples.csv and insertbench.summary.txt.")
final class InsertBenchCommand implements Callable<Integer> {

    @Option(names = "--profile", defaultValue = "default",
            description = "Sizes to start from: tiny, default (2-core machine) or published (his). Default: ${DEFAULT-VALUE}.")
    String profile;

    @Mixin
    InsertBenchSizeOptions sizes;

    @Option(names = "--query-seconds", description = "Seconds per qr/qp phase.")
    Integer querySeconds;

    @Option(names = "--query-rates", split = ",", description = "Background insert rates, rows/s per client, e.g. 100,500,1000.")
    List<Integer> queryRates;

    @Option(names = "--cleanup-wait", description = "Least seconds of the clean-up before the query steps. "
            + "Default: his 60 + 1 per million rows loaded, at most 1200 (tiny profile: 1).")
    Integer cleanupWait;

    @Option(names = "--seed", description = "Fixed random seed base. Default: his, step start time + client number.")
    Long seed;

    @Option(names = "--out", description = "Result directory. Default: results/insertbench/<timestamp>.")
    Path out;

    @Option(names = "--host", description = "Use this running server instead of a fresh embedded one (needs --port, --user).")
    String host;

    @Option(names = "--port", defaultValue = "5432", description = "Port of --host. Default: ${DEFAULT-VALUE}.")
    int port;

    @Option(names = "--user", defaultValue = "postgres", description = "Superuser of --host (checkpoint needs it). Default: ${DEFAULT-VALUE}.")
    String user;

    @Option(names = "--password-env", description = "Name of the environment variable holding --user's password.")
    String passwordEnv;

    @Option(names = "--initdb-option", description = "initdb option for the embedded server, repeatable, e.g. --initdb-option=--data-checksums.")
    List<String> initdbOptions = new ArrayList<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        InsertBenchConfig config = config();
        Path outDir = out != null ? out : Path.of("results", "insertbench",
                LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH-mm-ss")));
        InsertBenchWorkload workload = new InsertBenchWorkload(config);
        var err = spec.commandLine().getErr();
        var stdout = spec.commandLine().getOut();
        // no --allow here: a --waldir outside the data directory is refused like a file's
        AllowOptions.requireInitdb(initdbOptions, java.util.Set.of(), "--initdb-option");
        stdout.println("insertbench " + config + " -> " + outDir.toAbsolutePath());
        stdout.flush();
        try {
            if (host != null) {
                run(workload, external(), outDir);
            } else {
                try (ThrowawayServer server = ThrowawayServer.embedded("insertbench", initdbOptions)) {
                    run(workload, server.server().connection(), outDir);
                }
            }
        } catch (WorkloadException e) {
            err.println("pgknobs insertbench: " + e.getMessage());
            return Main.RUN_FAILED;
        }
        stdout.print(Files.readString(outDir.resolve("insertbench.summary.txt")));
        stdout.flush();
        return Main.OK;
    }

    private void run(InsertBenchWorkload workload, ConnectionInfo admin, Path outDir) throws WorkloadException {
        var stdout = spec.commandLine().getOut();
        workload.load(admin, ProgressListener.NONE);
        workload.run(admin, outDir, new MeasurementListener() {
            @Override
            public void phaseStarted(String phase) {
                stdout.println("  " + phase + " ...");
                stdout.flush();
            }

            @Override
            public void phaseEnded(String phase) {
            }
        });
    }

    private ConnectionInfo external() {
        String password = null;
        if (passwordEnv != null) {
            password = System.getenv(passwordEnv);
            if (password == null) {
                throw new BadInputException("--password-env " + passwordEnv + ": that environment variable is not set");
            }
        }
        return new ConnectionInfo(host, port, "postgres", user, password);
    }

    InsertBenchConfig config() {
        InsertBenchConfig base = switch (profile) {
            case "tiny" -> InsertBenchConfig.tiny();
            case "default" -> InsertBenchConfig.defaults();
            case "published" -> InsertBenchConfig.published();
            default -> throw new BadInputException("--profile " + profile + " is unknown: use tiny, default or published");
        };
        InsertBenchConfig sized = sizes.over(base);
        return new InsertBenchConfig(sized.clients(), sized.initialRows(), sized.i1Rows(), sized.i2Rows(),
                querySeconds != null ? querySeconds : base.querySeconds(),
                queryRates != null ? queryRates : base.queryRates(),
                sized.variant(),
                cleanupWait != null ? cleanupWait : base.cleanupWaitSeconds(),
                seed != null ? seed : base.seed());
    }
}
