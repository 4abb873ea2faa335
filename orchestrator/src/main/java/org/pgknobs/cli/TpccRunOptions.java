package org.pgknobs.cli;

import org.pgknobs.units.Durations;
import picocli.CommandLine.Option;

/**
 * The TPC-C run shape that {@code bench tpcc} and {@code bench sampler} share, declared once so their
 * defaults and help agree. The warm-up stays with each command: their defaults differ (0s and 5s).
 */
final class TpccRunOptions {

    @Option(names = "--warehouses", defaultValue = "4", description = "TPC-C scale (default ${DEFAULT-VALUE})")
    int warehouses;

    @Option(names = "--terminals", defaultValue = "8", description = "client connections (default ${DEFAULT-VALUE})")
    int terminals;

    @Option(names = "--duration", defaultValue = "30s", description = "measured time per run, e.g. 30s, 2m (default ${DEFAULT-VALUE})")
    String duration;

    /** {@code --duration} in whole seconds (bad input, exit 2, when it is 0 or not a duration). */
    int durationSeconds() {
        return OptionUnits.seconds(duration, "--duration", Durations.Zero.REJECTED);
    }
}
