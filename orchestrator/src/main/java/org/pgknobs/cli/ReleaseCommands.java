package org.pgknobs.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import org.pgknobs.BadInputException;
import org.pgknobs.experiment.PgRelease;
import org.pgknobs.server.EmbeddedBinaries;
import org.pgknobs.server.PgBinaries;
import org.pgknobs.server.ZonkyRepository;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code pgknobs versions} and {@code pgknobs fetch-pg X.Y}: the PostgreSQL releases at hand, and getting one. */
final class ReleaseCommands {

    private ReleaseCommands() {
    }

    @Command(name = "versions", mixinStandardHelpOptions = true,
            description = "List the PostgreSQL releases pgknobs can run: pinned per major, bundled in the jar, unpacked in "
                    + "the binaries cache, in the local Maven repository, and published (asks the repository of your "
                    + "Maven settings).")
    static final class Versions implements Callable<Integer> {
        @Mixin
        ServerOptions options;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            Releases releases = new ServerFactory(options).releases();
            ZonkyRepository repo = releases.repository();
            out.println("PostgreSQL builds: " + ZonkyRepository.GROUP + ":" + ZonkyRepository.ARTIFACT);
            List<String> pins = new ArrayList<>();
            Releases.pinned().forEach((major, v) -> pins.add(major + " -> " + Releases.human(List.of(v))
                    + (Releases.isBundled(v) ? " (bundled)" : " (fetched on first use)")));
            out.println("a major alone runs on: " + String.join(", ", pins));
            out.println("default build: " + Releases.human(List.of(EmbeddedBinaries.version())));
            out.println("unpacked in " + releases.cacheDir() + ": " + Releases.human(EmbeddedBinaries.unpacked(releases.cacheDir())));
            out.println("in the local repository " + repo.setup().localRepository() + ": " + Releases.human(repo.inLocalRepository()));
            try {
                Map<Integer, List<String>> byMajor = new TreeMap<>();
                for (String v : repo.published()) {
                    PgRelease.ofZonky(v).ifPresent(r -> byMajor.computeIfAbsent(r.major(), k -> new ArrayList<>()).add(v));
                }
                out.println("published at " + repo.remote().getUrl() + ":");
                byMajor.forEach((major, vs) -> out.println("  " + major + ": " + Releases.human(vs)));
            } catch (ZonkyRepository.Unavailable e) {
                out.println("published: unknown, the repository " + repo.remote().getUrl() + " cannot be reached ("
                        + e.getMessage() + "); the releases above run without it");
            }
            return Main.OK;
        }
    }

    @Command(name = "fetch-pg", mixinStandardHelpOptions = true,
            description = "Fetch PostgreSQL releases (e.g. 17.2) from the Maven repository of your settings and unpack "
                    + "them into the binaries cache, so that later runs need no network (e.g. before a Slurm array).")
    static final class FetchPg implements Callable<Integer> {
        @Parameters(paramLabel = "RELEASE", arity = "1..*", description = "a release X.Y, or a major for its pinned build")
        List<String> releases = new ArrayList<>();

        @Mixin
        ServerOptions options;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            Releases at = new ServerFactory(options).releases();
            for (String text : releases) {
                PgRelease release;
                try {
                    release = PgRelease.parse(text);
                } catch (IllegalArgumentException e) {
                    throw new BadInputException("fetch-pg: " + e.getMessage());
                }
                PgBinaries binaries = at.binaries(release);
                spec.commandLine().getOut().println("PostgreSQL " + release + ": " + binaries.binDir() + " ("
                        + binaries.versionString() + ")");
            }
            return Main.OK;
        }
    }
}
