package org.pgknobs.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("unit")
class AgentJarTest {

    @TempDir
    Path dir;

    @Test
    void writtenJarNamesTheAgentAndTheClassPathWithDirectoriesEndingInSlash() throws Exception {
        Path classes = Files.createDirectories(dir.resolve("classes"));
        Path lib = Files.writeString(dir.resolve("lib.jar"), "");
        Path jar = AgentJar.write(dir.resolve("out/agent.jar"), List.of(classes, lib));
        try (JarFile f = new JarFile(jar.toFile())) {
            Manifest m = f.getManifest();
            assertThat(m.getMainAttributes().getValue("Premain-Class")).isEqualTo("org.pgknobs.agent.CollectorAgent");
            String cp = m.getMainAttributes().getValue("Class-Path");
            assertThat(cp.split(" ")).containsExactly(classes.toUri().toString(), lib.toUri().toString());
            assertThat(cp.split(" ")[0]).endsWith("/");
        }
        assertThat(AgentJar.hasPremain(jar)).isTrue();
    }

    @Test
    void locateFromClassDirectoriesWritesAJarPointingAtThem() throws Exception {
        Path jar = AgentJar.locate(dir);
        assertThat(jar).exists();
        assertThat(AgentJar.hasPremain(jar)).isTrue();
        try (JarFile f = new JarFile(jar.toFile())) {
            assertThat(f.getManifest().getMainAttributes().getValue("Class-Path")).isNotBlank();
        }
    }

    @Test
    void aJarWithoutPremainIsNotAnAgent() throws Exception {
        Path plain = dir.resolve("plain.jar");
        try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(plain), new Manifest())) {
            out.flush();
        }
        assertThat(AgentJar.hasPremain(plain)).isFalse();
    }
}
