package org.pgknobs.agent;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * A jar usable as {@code -javaagent:}: the running pgknobs.jar (or plugin jar) when the agent class
 * comes from a jar whose manifest names it as Premain-Class, otherwise (tests, IDE, exploded class
 * directories) a tiny jar written into a given directory whose manifest points at the current class path.
 */
public final class AgentJar {

    static final String FILE_NAME = "pgknobs-agent.jar";

    private AgentJar() {
    }

    public static Path locate(Path workDir) {
        Path own = ownLocation();
        if (own != null && Files.isRegularFile(own) && hasPremain(own)) {
            return own;
        }
        return write(workDir.resolve(FILE_NAME), classPath());
    }

    /** Writes a manifest-only jar with Premain-Class and a Class-Path of absolute file URLs. */
    static Path write(Path jar, List<Path> classPath) {
        Manifest m = new Manifest();
        Attributes a = m.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.putValue("Premain-Class", CollectorAgent.class.getName());
        List<String> urls = new ArrayList<>();
        for (Path p : classPath) {
            // Directories need a trailing slash, or the JVM takes them for jar files.
            String u = p.toAbsolutePath().toUri().toString();
            urls.add(Files.isDirectory(p) && !u.endsWith("/") ? u + "/" : u);
        }
        a.put(Attributes.Name.CLASS_PATH, String.join(" ", urls));
        try {
            Files.createDirectories(jar.toAbsolutePath().getParent());
            try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, m)) {
                j.flush();
            }
            return jar;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write agent jar " + jar + ": " + e.getMessage(), e);
        }
    }

    static List<Path> classPath() {
        List<Path> out = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                out.add(Path.of(entry));
            }
        }
        return out;
    }

    private static Path ownLocation() {
        try {
            CodeSource cs = CollectorAgent.class.getProtectionDomain().getCodeSource();
            return cs == null || cs.getLocation() == null ? null : Path.of(cs.getLocation().toURI());
        } catch (URISyntaxException | SecurityException | IllegalArgumentException e) {
            return null;
        }
    }

    static boolean hasPremain(Path jar) {
        try (JarFile f = new JarFile(jar.toFile())) {
            Manifest m = f.getManifest();
            return m != null && CollectorAgent.class.getName().equals(m.getMainAttributes().getValue("Premain-Class"));
        } catch (IOException e) {
            return false;
        }
    }
}
