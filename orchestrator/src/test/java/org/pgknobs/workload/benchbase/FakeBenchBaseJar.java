package org.pgknobs.workload.benchbase;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.pgknobs.agent.AgentOptions;

/**
 * Writes {@code dir/benchbase.jar} (+ an empty lib/) whose Main-Class is {@link FakeBenchBase}: the fake's
 * classes inside, pgjdbc, Jackson and pgknobs' classes through the manifest's Class-Path. It also holds
 * {@link FakeBenchBaseExecution} a second time under BenchBase's name {@value AgentOptions#DEFAULT_START_CLASS},
 * which the fake loads as execution starts: the agent with its default options (the suite's) sees the
 * start as it does in BenchBase.
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
            j.putNextEntry(new JarEntry(AgentOptions.DEFAULT_START_CLASS.replace('.', '/') + ".class"));
            j.write(renamed(FakeBenchBaseExecution.class, AgentOptions.DEFAULT_START_CLASS));
            j.closeEntry();
        }
        return jar;
    }

    /**
     * The class file of {@code c} with its own name changed to {@code newName}: its name is one CONSTANT_Utf8
     * entry (tag 1, u2 length, the bytes) of the constant pool, which nothing else in so small a class repeats.
     */
    static byte[] renamed(Class<?> c, String newName) throws IOException {
        byte[] original;
        try (InputStream in = c.getClassLoader().getResourceAsStream(c.getName().replace('.', '/') + ".class")) {
            original = in.readAllBytes();
        }
        byte[] from = utf8Constant(c.getName().replace('.', '/'));
        byte[] to = utf8Constant(newName.replace('.', '/'));
        int at = -1;
        for (int i = 0; i + from.length <= original.length && at < 0; i++) {
            if (Arrays.equals(original, i, i + from.length, from, 0, from.length)) {
                at = i;
            }
        }
        if (at < 0) {
            throw new IllegalStateException("no constant " + c.getName() + " in its own class file");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(original, 0, at);
        out.write(to);
        out.write(original, at + from.length, original.length - at - from.length);
        return out.toByteArray();
    }

    private static byte[] utf8Constant(String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[3 + bytes.length];
        out[0] = 1;
        out[1] = (byte) (bytes.length >> 8);
        out[2] = (byte) bytes.length;
        System.arraycopy(bytes, 0, out, 3, bytes.length);
        return out;
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
