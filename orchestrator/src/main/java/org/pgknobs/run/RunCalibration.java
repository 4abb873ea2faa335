package org.pgknobs.run;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Optional;
import org.pgknobs.results.MachineCalibration;
import org.pgknobs.calibration.CalibrationProbe;
import org.pgknobs.run.data.Clusters;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.server.Server;

/**
 * The machine probe of a suite, taken while preflight's server runs (before the trial starts and the first step) and
 * written to the result directory's calibration.json. A probe that fails is a warning, never a failed run: the steps'
 * figures do not depend on it.
 */
final class RunCalibration {

    static final RunCalibration NONE = new RunCalibration(Optional.empty());

    private final Optional<MachineCalibration> calibration;

    private RunCalibration(Optional<MachineCalibration> calibration) {
        this.calibration = calibration;
    }

    /**
     * On the data directory's filesystem for a cluster pgknobs owns (its instance directory, beside the data), on the
     * result directory's for an external server. A --resume into a directory with a calibration keeps that one.
     */
    static RunCalibration probe(Clusters clusters, SuiteRunner.Options options, PrintStream out) {
        if (options.resume().flatMap(MachineCalibration::in).isPresent()) {
            out.println("machine calibration: kept the first run's (" + options.resume().get().resolve(MachineCalibration.FILE) + ")");
            return NONE;
        }
        Optional<Server> server = clusters.anyServer();
        if (server.isEmpty()) {
            out.println("machine calibration: skipped, no server ran before the first step");
            return NONE;
        }
        Path directory = server.get() instanceof ManagedServer m ? m.instanceDir() : options.outDir();
        try {
            return new RunCalibration(Optional.of(CalibrationProbe.run(server.get().connection(), directory, out)));
        } catch (RuntimeException e) {
            out.println("warning: machine calibration failed (" + e.getMessage() + "); the run goes on without it");
            return NONE;
        }
    }

    void writeTo(Path resultDirectory) {
        calibration.ifPresent(c -> c.writeTo(resultDirectory));
    }
}
