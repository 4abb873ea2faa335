package org.pgknobs.cli;

import org.pgknobs.BuildInfo;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code pgknobs} command. The only place that calls System.exit. */
@Command(name = "pgknobs",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "PostgreSQL configuration experiments: apply settings with ALTER SYSTEM, verify them, "
                + "run a workload, collect pg_stat_* alongside, compare.",
        subcommands = {
            CommandLine.HelpCommand.class,
            ValidateCommand.class,
            TrustCommand.class,
            XmlCommand.class,
            InsertBenchCommand.class,
            ServerCommand.class,
            ApplyCommand.class,
            RunCommand.class,
            CalibrateCommand.class,
            AblateCommand.class,
            BisectCommand.class,
            NoiseCommand.class,
            TpccCommand.class,
            BenchCommand.class,
            ReportCommand.class,
            DiffCommand.class,
            HistoryCommand.class,
            ReleaseCommands.Versions.class,
            ReleaseCommands.FetchPg.class,
        })
public final class Main implements Runnable {

    /**
     * Exit codes: 0 ok, 1 a run failed (a step, a server, or pgknobs itself: "internal error"), 2 bad input
     * (a {@link org.pgknobs.BadInputException}, raised before anything was touched), 3 the regression gate found a
     * step slower beyond its interval ({@code history check}, {@code run --compare history}), 130 interrupted.
     */
    public static final int OK = 0;
    public static final int RUN_FAILED = 1;
    public static final int BAD_INPUT = 2;
    public static final int REGRESSION = 3;
    public static final int INTERRUPTED = 130;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the CLI and returns its exit code (tests call this instead of main). */
    public static int execute(String... args) {
        CommandLine cli = new CommandLine(new Main());
        cli.setExecutionExceptionHandler(new Errors());
        cli.setParameterExceptionHandler((ex, a) -> {
            ex.getCommandLine().getErr().println("pgknobs: " + ex.getMessage() + Errors.passwordHint(ex.getMessage()));
            ex.getCommandLine().getErr().println("  see: " + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help");
            return BAD_INPUT;
        });
        return cli.execute(args);
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            BuildInfo info = BuildInfo.load();
            return new String[] {"pgknobs " + info.version() + " (embedded PostgreSQL " + info.embeddedPostgresVersion() + ")"};
        }
    }
}
