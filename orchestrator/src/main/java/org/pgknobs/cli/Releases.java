package org.pgknobs.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.pgknobs.BadInputException;
import org.pgknobs.experiment.PgMajors;
import org.pgknobs.experiment.PgRelease;
import org.pgknobs.server.EmbeddedBinaries;
import org.pgknobs.server.PgBinaries;
import org.pgknobs.server.RunAs;
import org.pgknobs.server.ZonkyRepository;

/**
 * Which build a {@link PgRelease} runs on: a major names the build pgknobs pins for it (bundled in the jar for the
 * majors {@link EmbeddedBinaries#majors()} lists, fetched on first use for the older ones), a full release names
 * zonky's build of that release, bundled when it is one of the pinned ones and otherwise fetched from the Maven
 * repositories of the user's settings ({@link ZonkyRepository}) and unpacked into the binaries cache once.
 */
public final class Releases {

    /**
     * The build of each major the jar does not carry: the newest minor zonky published when it was pinned. A major
     * alone ({@code --pg-versions 14}) runs on this one; name a release ({@code 14.3}) for another.
     */
    static final Map<Integer, String> PINNED_FETCHED = Map.of(12, "12.22.0", 13, "13.23.0", 14, "14.25.0", 15, "15.20.0");

    private final Path cacheDir;
    private final RunAs runAs;
    private final ZonkyRepository repository;
    private final Consumer<String> log;

    public Releases(Path cacheDir, RunAs runAs, ZonkyRepository repository, Consumer<String> log) {
        this.cacheDir = cacheDir;
        this.runAs = runAs;
        this.repository = repository;
        this.log = log;
    }

    public ZonkyRepository repository() {
        return repository;
    }

    public Path cacheDir() {
        return cacheDir;
    }

    /** The zonky version a release runs on: "17.2.0", or for a major alone its pinned build. */
    public static String zonkyVersion(PgRelease release) {
        if (!release.isMajorOnly()) {
            return release.zonkyVersion();
        }
        String pinned = pinned().get(release.major());
        if (pinned == null) {
            throw new BadInputException("PostgreSQL " + release.major() + ": pgknobs pins no build of it (it pins "
                    + pinned().keySet() + "); name a release, e.g. --pg-versions " + release.major() + ".0, or give a local "
                    + "install with --pg-bin " + release.major() + "=/usr/lib/postgresql/" + release.major() + "/bin");
        }
        return pinned;
    }

    /** Every major's pinned build, bundled or fetched. */
    public static Map<Integer, String> pinned() {
        Map<Integer, String> all = new TreeMap<>(PINNED_FETCHED);
        all.putAll(EmbeddedBinaries.majors());
        all.keySet().removeIf(m -> m < PgMajors.OLDEST || m > PgMajors.NEWEST);
        return all;
    }

    public static boolean isBundled(String zonkyVersion) {
        return EmbeddedBinaries.majors().containsValue(zonkyVersion);
    }

    /**
     * Before anything starts: the release's build is bundled, already unpacked, or fetched now (exit 2 when it cannot
     * be: not published, or the repository is unreachable, with what is at hand and how to fetch it).
     */
    public void check(PgRelease release) {
        String version = zonkyVersion(release);
        if (isBundled(version) || EmbeddedBinaries.isUnpacked(cacheDir, version)) {
            return;
        }
        fetchJar(release, version);
    }

    /** The release's binaries, unpacked once into the cache (fetched first when not bundled). */
    public PgBinaries binaries(PgRelease release) {
        String version = zonkyVersion(release);
        if (isBundled(version)) {
            return EmbeddedBinaries.ensureMajor(cacheDir, runAs, release.major());
        }
        return EmbeddedBinaries.ensureFetched(cacheDir, runAs, version, () -> fetchJar(release, version));
    }

    private Path fetchJar(PgRelease release, String version) {
        try {
            return repository.jar(version, log);
        } catch (ZonkyRepository.Unavailable e) {
            throw new BadInputException(unavailable(release, version, e));
        }
    }

    /** The exit-2 message: the artifact, why, the releases at hand, and how to fetch it. */
    private String unavailable(PgRelease release, String version, ZonkyRepository.Unavailable e) {
        String coordinates = ZonkyRepository.coordinates(version);
        List<String> lines = new ArrayList<>();
        lines.add("PostgreSQL " + release + ": cannot get " + coordinates + " from " + repository.remote().getUrl()
                + (repository.setup().offline() ? " (settings.xml says offline)" : "") + ": " + e.getMessage());
        lines.add("  at hand without a network: bundled " + human(new ArrayList<>(EmbeddedBinaries.majors().values()))
                + "; unpacked in " + cacheDir + ": " + human(EmbeddedBinaries.unpacked(cacheDir))
                + "; in the local repository " + repository.setup().localRepository() + ": " + human(repository.inLocalRepository()));
        try {
            List<String> all = repository.published();
            List<String> same = all.stream().filter(v -> v.startsWith(release.major() + ".")).toList();
            lines.add("  published releases of " + release.major() + ": " + human(same.isEmpty() ? all : same));
            if (!all.contains(version)) {
                lines.add("  " + release + " is not published: choose one of those (pgknobs versions lists them all)");
                return String.join("\n", lines);
            }
        } catch (ZonkyRepository.Unavailable unreachable) {
            lines.add("  the published releases cannot be listed either (pgknobs versions lists them where the repository "
                    + "is reachable)");
        }
        lines.add("  fetch it where the repository is reachable: pgknobs fetch-pg " + release
                + " (into the binaries cache), or mvn dependency:get -Dartifact=" + coordinates
                + " (into the local repository, which pgknobs reads)");
        return String.join("\n", lines);
    }

    /** "17.2, 17.6" from zonky versions. */
    public static String human(List<String> zonkyVersions) {
        if (zonkyVersions.isEmpty()) {
            return "none";
        }
        return String.join(", ", zonkyVersions.stream().map(v -> v.replaceFirst("\\.0$", "")).toList());
    }
}
