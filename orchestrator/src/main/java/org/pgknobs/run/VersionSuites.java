package org.pgknobs.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;
import java.util.function.IntFunction;
import org.pgknobs.experiment.plan.Shard;
import org.pgknobs.run.data.ServerSupply;
import org.pgknobs.server.PgBinaries;

/**
 * server.versions / --pg-versions: the whole experiment once per PostgreSQL major, one suite and one result
 * directory each, in the order given. A step whose settings one version lacks is {@code n/a} on that
 * version only ({@link SettingsByVersion}).
 */
public final class VersionSuites {

    /** One version's suite, run on the given server supply within the given scope. */
    @FunctionalInterface
    public interface Suite {
        SuiteRunner.Outcome run(ServerSupply supply, RunScope scope);
    }

    /** The trial starts of one version's suite (nothing loaded, nothing written). */
    @FunctionalInterface
    public interface Trial {
        void run(ServerSupply supply, RunScope scope);
    }

    /** @param directories the result directory of each version run so far, in order */
    public record Outcome(List<Path> directories, boolean interrupted, boolean anyFailed) {

        /** Where the report over all versions goes: the first directory's name with -pgNN as -versions. */
        public Optional<Path> combinedDirectory() {
            if (directories.size() < 2) {
                return Optional.empty();
            }
            Path first = directories.get(0);
            return Optional.of(first.resolveSibling(first.getFileName().toString().replaceFirst("-pg\\d+", "-versions")));
        }
    }

    private VersionSuites() {
    }

    /**
     * @param binariesFor     each major's build (every one is looked up before the first suite starts)
     * @param embeddedDefault the default build, whose settings tell a typo from a setting of another version
     * @param supplies        the managed servers of one build
     * @param trial           run for every version after the first before any suite (the first version's suite
     *                        makes its own trial starts), or null
     */
    public static Outcome run(List<Integer> versions, IntFunction<PgBinaries> binariesFor, PgBinaries embeddedDefault,
                              Shard shard, Function<PgBinaries, ServerSupply> supplies, Trial trial, Suite suite) {
        Map<Integer, PgBinaries> builds = new LinkedHashMap<>();
        versions.forEach(v -> builds.put(v, binariesFor.apply(v)));
        SettingsByVersion known = SettingsByVersion.read(builds, embeddedDefault);
        if (trial != null) {
            for (int v : versions.subList(1, versions.size())) {
                trial.run(supplies.apply(builds.get(v)), new RunScope(OptionalInt.of(v), known.on(v), shard));
            }
        }
        List<Path> dirs = new ArrayList<>();
        boolean failed = false;
        for (int v : versions) {
            RunScope scope = new RunScope(OptionalInt.of(v), known.on(v), shard);
            SuiteRunner.Outcome outcome = suite.run(supplies.apply(builds.get(v)), scope);
            if (outcome.interrupted()) {
                return new Outcome(dirs, true, failed);
            }
            dirs.add(outcome.directory());
            failed |= outcome.anyFailed();
        }
        return new Outcome(dirs, false, failed);
    }
}
