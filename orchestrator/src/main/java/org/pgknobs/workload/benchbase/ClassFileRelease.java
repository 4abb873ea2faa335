package org.pgknobs.workload.benchbase;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.jar.JarFile;

/**
 * The Java release a BenchBase build needs, read from its main class file: a JVM refuses classes compiled
 * for a newer release (UnsupportedClassVersionError), so the class file's major version is the truth and
 * no version has to be fixed in pgknobs. Release = major version − 44 (Java 17 writes 61, Java 23 writes 67).
 */
final class ClassFileRelease {

    private static final int CAFEBABE = 0xCAFEBABE;

    private ClassFileRelease() {
    }

    /** The release {@code benchbase.jar}'s Main-Class (else DBWorkload) was compiled for, if readable. */
    static OptionalInt ofJar(Path jar) {
        try (JarFile j = new JarFile(jar.toFile())) {
            String main = Optional.ofNullable(j.getManifest())
                    .map(m -> m.getMainAttributes().getValue("Main-Class"))
                    .orElse(BenchBaseSetup.MAIN_CLASS);
            var entry = j.getJarEntry(main.replace('.', '/') + ".class");
            if (entry == null) {
                return OptionalInt.empty();
            }
            try (InputStream in = j.getInputStream(entry)) {
                return of(in);
            }
        } catch (IOException | SecurityException e) {
            return OptionalInt.empty();
        }
    }

    /** The release of BenchBase's main class on {@code loader}'s class path, if readable. */
    static OptionalInt ofResource(ClassLoader loader) {
        try (InputStream in = loader.getResourceAsStream(BenchBaseSetup.MAIN_RESOURCE)) {
            return in == null ? OptionalInt.empty() : of(in);
        } catch (IOException e) {
            return OptionalInt.empty();
        }
    }

    static OptionalInt of(InputStream classFile) throws IOException {
        DataInputStream in = new DataInputStream(classFile);
        try {
            if (in.readInt() != CAFEBABE) {
                return OptionalInt.empty();
            }
            in.readUnsignedShort(); // minor version
            int major = in.readUnsignedShort();
            return major > 44 ? OptionalInt.of(major - 44) : OptionalInt.empty();
        } catch (java.io.EOFException e) {
            return OptionalInt.empty();
        }
    }
}
