package org.pgknobs.cli;

import java.util.List;
import java.util.concurrent.Callable;
import org.pgknobs.results.MachineCalibration;
import org.pgknobs.calibration.CalibrationProbe;
import org.pgknobs.json.Json;
import org.pgknobs.server.ThrowawayServer;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code pgknobs calibrate}: the machine probe a run takes before its first step, alone, on a throwaway cluster of
 * the embedded build in the work directory: calibration.json's content on stdout, the one-line summary on stderr.
 */
@Command(name = "calibrate", mixinStandardHelpOptions = true,
        description = "Measure this machine as a run does before its first step (about 3-15 s): single-core speed on a "
                + "fixed PostgreSQL query, fsync latency and copy throughput of the work directory's filesystem, each "
                + "repeated 5 times. Prints calibration.json's content. See docs/statistics.md, \"Machine calibration\".")
final class CalibrateCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        MachineCalibration calibration;
        try (ThrowawayServer server = ThrowawayServer.embedded("calibrate", List.of())) {
            calibration = CalibrationProbe.run(server.server().connection(), server.server().instanceDir(), System.err);
        }
        spec.commandLine().getOut().println(Json.text(calibration));
        spec.commandLine().getOut().flush();
        return Main.OK;
    }
}
