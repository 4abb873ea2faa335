package org.pgknobs.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.Callable;
import org.pgknobs.BadInputException;
import org.pgknobs.benchbase.BenchBaseConfig;
import org.pgknobs.benchbase.BenchBaseXml;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.WorkloadKind;
import org.pgknobs.experiment.yaml.ExperimentLoader;
import org.pgknobs.run.Workloads;
import org.pgknobs.server.ConnectionInfo;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code pgknobs xml FILE}: the BenchBase configuration XML of an experiment's TPC-C workload. */
@Command(name = "xml", mixinStandardHelpOptions = true,
        description = "Print the BenchBase XML (benchbase -b tpcc -c FILE) for an experiment's TPC-C workload. "
                + "The password is never printed; the URL has HOST:PORT placeholders unless --server-url is given.")
final class XmlCommand implements Callable<Integer> {

    static final String PLACEHOLDER_HOST = "HOST";
    static final String PLACEHOLDER_PORT = "PORT";

    @Parameters(paramLabel = "FILE", description = "experiment YAML")
    Path file;

    @Option(names = "--step", paramLabel = "NAME", description = "the step (every step runs the same workload; "
            + "the name is checked and noted in the output)")
    String step;

    @Option(names = "--profile", description = "a profile of the file, e.g. quick")
    String profile;

    @Option(names = "--set", paramLabel = "PATH=VALUE", description = "override a field, e.g. workload.warehouses=8")
    List<String> sets = new ArrayList<>();

    @Option(names = "--server-url", paramLabel = "JDBC", description = "the server BenchBase will use, e.g. "
            + "jdbc:postgresql://db1:5432/postgres (its host and port go into <url>; the database is tpcc)")
    String serverUrl;

    @Option(names = "--db-user", paramLabel = "NAME", defaultValue = "postgres",
            description = "<username> (default: ${DEFAULT-VALUE})")
    String dbUser;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        // writes BenchBase's XML only, applies no setting: nothing for the setting gate (SettingGate) to refuse
        Experiment experiment = ExperimentLoader.load(file, Optional.ofNullable(profile), sets,
                java.util.EnumSet.allOf(org.pgknobs.experiment.SettingGate.Kind.class));
        if (experiment.workload().kind() != WorkloadKind.TPCC) {
            throw new BadInputException(file + ": workload.kind is " + experiment.workload().kind().name().toLowerCase()
                    + "; BenchBase XML exists only for tpcc (try --set workload.kind=tpcc)");
        }
        if (step != null && experiment.steps().stream().noneMatch(s -> s.name().equals(step))) {
            throw new BadInputException("--step " + step + ": " + file + " has no such step; its steps are: "
                    + String.join(", ", experiment.steps().stream().map(s -> s.name()).toList()));
        }
        BenchBaseConfig config = Workloads.benchBaseConfig(experiment.workload().tpcc(), server()).redacted();
        if (serverUrl == null) {
            config = config.withUrl(config.url().replace("//" + PLACEHOLDER_HOST + ":1/",
                    "//" + PLACEHOLDER_HOST + ":" + PLACEHOLDER_PORT + "/"));
        }
        PrintWriter out = spec.commandLine().getOut();
        out.print(BenchBaseXml.write(config));
        out.flush();
        return Main.OK;
    }

    /** Host and port from --server-url, else placeholders (port 1 stands in until replaced by PORT). */
    private ConnectionInfo server() {
        if (serverUrl == null) {
            return new ConnectionInfo(PLACEHOLDER_HOST, 1, "postgres", dbUser, null);
        }
        Properties parsed = serverUrl.startsWith("jdbc:postgresql:")
                ? org.postgresql.Driver.parseURL(serverUrl, new Properties()) : null;
        if (parsed == null) {
            throw new BadInputException("--server-url " + serverUrl
                    + " is not a PostgreSQL JDBC URL; expected e.g. jdbc:postgresql://db1:5432/postgres");
        }
        String host = parsed.getProperty("PGHOST", "localhost").split(",")[0];
        int port = Integer.parseInt(parsed.getProperty("PGPORT", "5432").split(",")[0]);
        return new ConnectionInfo(host, port, "postgres", parsed.getProperty("user", dbUser), null);
    }
}
