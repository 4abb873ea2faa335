package org.pgknobs.agent;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The parts of a BenchBase command line the agent needs: {@code -c/--config FILE}, {@code -d/--directory
 * DIR} (BenchBase's default is {@code results}) and {@code --execute=true}. Accepts both
 * {@code --opt value} and {@code --opt=value}, as BenchBase's commons-cli parser does.
 */
public record BenchBaseCommandLine(Path config, Path resultsDir, boolean execute) {

    public static BenchBaseCommandLine parse(List<String> args) {
        String config = value(args, "-c", "--config").orElse(null);
        String dir = value(args, "-d", "--directory").orElse("results");
        boolean execute = value(args, null, "--execute").map(v -> v.equalsIgnoreCase("true")).orElse(false);
        return new BenchBaseCommandLine(config == null ? null : Path.of(config), Path.of(dir), execute);
    }

    /** The arguments of this JVM: from the OS (exact tokens), else from sun.java.command (split on spaces). */
    public static List<String> currentArguments() {
        Optional<String[]> fromOs = ProcessHandle.current().info().arguments();
        if (fromOs.isPresent() && fromOs.get().length > 0) {
            return List.of(fromOs.get());
        }
        String command = System.getProperty("sun.java.command", "");
        return command.isBlank() ? List.of() : List.of(command.trim().split("\\s+"));
    }

    private static Optional<String> value(List<String> args, String shortName, String longName) {
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals(shortName) || a.equals(longName)) {
                if (i + 1 < args.size()) {
                    return Optional.of(args.get(i + 1));
                }
            } else if (a.startsWith(longName + "=")) {
                return Optional.of(a.substring(longName.length() + 1));
            }
        }
        return Optional.empty();
    }
}
