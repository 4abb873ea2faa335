package org.pgknobs;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** Facts fixed at build time (filtered from the pom): pgknobs' version and the embedded PostgreSQL version. */
public record BuildInfo(String version, String embeddedPostgresVersion) {

    public static BuildInfo load() {
        Properties p = new Properties();
        try (InputStream in = BuildInfo.class.getResourceAsStream("build.properties")) {
            if (in == null) {
                throw new IllegalStateException("build.properties missing from the class path: rebuild pgknobs with mvn");
            }
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new BuildInfo(p.getProperty("version"), p.getProperty("zonky.pg.version"));
    }
}
