package org.pgknobs.results;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.pgknobs.BuildInfo;
import org.pgknobs.process.CommandResult;
import org.pgknobs.process.CommandRunner;

/** Everything needed to know what produced a result: tool version and commit, command line, JDK, host. */
public record RunEnvironment(String pgknobsVersion, String gitCommit, List<String> commandLine, String postgresVersion,
                             String jdk, HostInfo host) {

    public static RunEnvironment capture(List<String> commandLine, String postgresVersion) {
        return new RunEnvironment(BuildInfo.load().version(), readGitCommit(), commandLine, postgresVersion,
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"), HostInfo.read());
    }

    /** The commit of the checkout pgknobs runs from (with "-dirty" for local changes), or "unknown". */
    private static String readGitCommit() {
        try {
            Path cwd = Path.of("").toAbsolutePath();
            CommandResult head = CommandRunner.run(List.of("git", "-C", cwd.toString(), "rev-parse", "HEAD"), Duration.ofSeconds(10));
            if (!head.succeeded()) {
                return "unknown";
            }
            CommandResult dirty = CommandRunner.run(List.of("git", "-C", cwd.toString(), "status", "--porcelain",
                    "--untracked-files=no"), Duration.ofSeconds(10));
            return head.output().strip() + (dirty.succeeded() && !dirty.output().isBlank() ? "-dirty" : "");
        } catch (RuntimeException e) {
            return "unknown";
        }
    }
}
