package org.pgknobs.workload.benchbase;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * Writes {@code dir/benchbase.jar} (+ an empty lib/) whose Main-Class is {@link FakeBenchBase}: the fake's
 * classes inside, pgjdbc, Jackson and pgknobs' classes through the manifest's Class-Path.
 */
public final class FakeBenchBaseJar {

    private FakeBenchBaseJar() {
    }

    public static Path write(Path dir) throws IOException {
        Files.createDirectories(dir.resolve("lib"));
        Manifest m = new Manifest();
        Attributes a = m.getMainAttributes();
        a.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        a.put(Attributes.Name.MAIN_CLASS, FakeBenchBase.class.getName());
        List<String> urls = new ArrayList<>();
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path p = Path.of(e).toAbsolutePath();
            String u = p.toUri().toString();
            urls.add(Files.isDirectory(p) && !u.endsWith("/") ? u + "/" : u);
        }
        a.put(Attributes.Name.CLASS_PATH, String.join(" ", urls));
        Path jar = dir.resolve(BenchBaseLauncher.JAR);
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, m)) {
            for (Class<?> c : List.of(FakeBenchBase.class, FakeBenchBaseExecution.class)) {
                String name = c.getName().replace('.', '/') + ".class";
                j.putNextEntry(new JarEntry(name));
                try (InputStream in = c.getClassLoader().getResourceAsStream(name)) {
                    in.transferTo(j);
                }
                j.closeEntry();
            }
        }
        return jar;
    }

    /** A directory with bin/java that answers -version like a JDK of {@code version}: a real process. */
    public static Path fakeJdk(Path home, String version) throws Exception {
        Path java = home.resolve("bin/java");
        Files.createDirectories(java.getParent());
        Files.writeString(java, "#!/bin/sh\necho 'openjdk version \"" + version + "\" 2025-01-01' >&2\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return home;
    }
}
