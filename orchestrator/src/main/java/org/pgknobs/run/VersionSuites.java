package org.pgknobs.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.pgknobs.experiment.PgRelease;
import org.pgknobs.experiment.plan.Shard;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.run.data.ServerSupply;
import org.pgknobs.server.PgBinaries;

/**
 * server.versions / --pg-versions: the whole experiment once per PostgreSQL version (a major or a release), one suite and one result
 * directory each, in the order given. A step whose settings one version lacks is {@code n/a} on that
 * version only ({@link SettingsByVersion}).
 */
public final class VersionSuites {

    /**
     * One version's suite, run on the given server supply within the given scope.
     * {@code trialStarted}: the trial starts that version already had up front (its suite records them and does not
     * start again), or null (the first version, or no trial): the suite makes its own.
     */
    @FunctionalInterface
    public interface Suite {
        SuiteRunner.Outcome run(ServerSupply supply, RunScope scope, List<SuiteRecord.TrialStart> trialStarted);
    }

    /** The trial starts of one version's suite (nothing loaded, nothing written), with what each start recorded. */
    @FunctionalInterface
    public interface Trial {
        List<SuiteRecord.TrialStart> run(ServerSupply supply, RunScope scope);
    }

    /** @param directories the result directory of each version run so far, in order */
    public record Outcome(List<Path> directories, boolean interrupted, boolean anyFailed) {

        /** Where the report over all versions goes: the first directory's name with -pgNN (or -pgNN.M) as -versions. */
        public Optional<Path> combinedDirectory() {
            if (directories.size() < 2) {
                return Optional.empty();
            }
            Path first = directories.get(0);
            return Optional.of(first.resolveSibling(first.getFileName().toString().replaceFirst("-pg\\d+(\\.\\d+)?", "-versions")));
        }
    }

    private VersionSuites() {
    }

    /**
     * @param binariesFor     each version's build (every one is looked up before the first suite starts)
     * @param embeddedDefault the default build, whose settings tell a typo from a setting of another version
     * @param supplies        the managed servers of one build
     * @param trial           run for every version after the first before any suite (the first version's suite
     *                        makes its own trial starts), or null; each version's records go to its suite, which
     *                        does not start its configurations a second time
     */
    public static Outcome run(List<PgRelease> versions, Function<PgRelease, PgBinaries> binariesFor, PgBinaries embeddedDefault,
                              Shard shard, Function<PgBinaries, ServerSupply> supplies, Trial trial, Suite suite) {
        Map<PgRelease, PgBinaries> builds = new LinkedHashMap<>();
        versions.forEach(v -> builds.put(v, binariesFor.apply(v)));
        SettingsByVersion known = SettingsByVersion.read(builds, embeddedDefault);
        Map<PgRelease, List<SuiteRecord.TrialStart>> trialStarted = new LinkedHashMap<>();
        if (trial != null) {
            for (PgRelease v : versions.subList(1, versions.size())) {
                trialStarted.put(v, trial.run(supplies.apply(builds.get(v)), new RunScope(Optional.of(v), known.on(v), shard)));
            }
        }
        List<Path> dirs = new ArrayList<>();
        boolean failed = false;
        for (PgRelease v : versions) {
            RunScope scope = new RunScope(Optional.of(v), known.on(v), shard);
            SuiteRunner.Outcome outcome = suite.run(supplies.apply(builds.get(v)), scope, trialStarted.get(v));
            if (outcome.interrupted()) {
                return new Outcome(dirs, true, failed);
            }
            dirs.add(outcome.directory());
            failed |= outcome.anyFailed();
        }
        return new Outcome(dirs, false, failed);
    }
}
