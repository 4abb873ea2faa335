package org.pgknobs.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code pgknobs bench ...}: self-contained benchmarks of pgknobs' own drivers on a throwaway server. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Benchmark a pgknobs driver on a throwaway embedded server; prints one JSON object last.",
        subcommands = {BenchTpccCommand.class, BenchSamplerCommand.class, InsertBenchBenchCommand.class})
public final class BenchCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
