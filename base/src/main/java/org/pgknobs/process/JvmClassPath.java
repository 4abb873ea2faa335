package org.pgknobs.process;

import java.io.File;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** This process's class path as a child JVM needs it (BenchBase from Maven's class path, the built-in driver alone). */
public final class JvmClassPath {

    private JvmClassPath() {
    }

    /**
     * The URLs of every URLClassLoader up the chain (mvn exec:java runs pgknobs in one) and java.class.path,
     * joined with the path separator.
     */
    public static String of(ClassLoader loader) {
        Set<String> entries = new LinkedHashSet<>();
        List<ClassLoader> chain = new ArrayList<>();
        for (ClassLoader l = loader; l != null; l = l.getParent()) {
            chain.add(0, l);
        }
        for (ClassLoader l : chain) {
            if (l instanceof URLClassLoader u) {
                for (URL url : u.getURLs()) {
                    toPath(url).ifPresent(p -> entries.add(p.toString()));
                }
            }
        }
        for (String e : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            if (!e.isBlank()) {
                entries.add(Path.of(e).toAbsolutePath().toString());
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    private static Optional<Path> toPath(URL url) {
        try {
            return "file".equals(url.getProtocol()) ? Optional.of(Path.of(url.toURI()).toAbsolutePath()) : Optional.empty();
        } catch (URISyntaxException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
