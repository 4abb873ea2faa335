package org.pgknobs;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Facts fixed at build time (filtered from the pom): pgknobs' version, the commit it was built from, the default
 * embedded PostgreSQL version, and the pinned zonky version of every major the build carries (the default's included).
 *
 * @param gitCommit the commit of the checkout the build ran in, with "-dirty" if the checkout had changes (untracked
 *                  files count: the plugin asks `git status -s`), or "unknown" when the build had no git checkout (a
 *                  source tarball; the pom's build-commit profile)
 */
public record BuildInfo(String version, String gitCommit, String embeddedPostgresVersion,
                        Map<Integer, String> embeddedByMajor) {

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
        String main = p.getProperty("zonky.pg.version");
        Map<Integer, String> byMajor = new TreeMap<>();
        byMajor.put(major(main), main);
        for (String key : p.stringPropertyNames()) {
            if (key.matches("zonky\\.pg\\d+\\.version")) {
                byMajor.put(Integer.parseInt(key.replaceAll("\\D", "")), p.getProperty(key));
            }
        }
        return new BuildInfo(p.getProperty("version"), gitCommit(p), main, java.util.Collections.unmodifiableMap(byMajor));
    }

    /** Unset properties stay "${...}" after filtering: the build had no checkout to read. */
    static String gitCommit(Properties p) {
        String commit = p.getProperty("git.commit", "");
        if (commit.isBlank() || commit.startsWith("${")) {
            return "unknown";
        }
        return commit + ("true".equals(p.getProperty("git.dirty")) ? "-dirty" : "");
    }

    /** 16 for "16.10.0". */
    public static int major(String version) {
        return Integer.parseInt(version.split("\\.")[0]);
    }

    public int defaultMajor() {
        return major(embeddedPostgresVersion);
    }
}
