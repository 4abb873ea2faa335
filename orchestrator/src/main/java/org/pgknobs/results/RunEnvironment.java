package org.pgknobs.results;

import java.util.List;
import org.pgknobs.BuildInfo;

/**
 * Everything needed to know what produced a result: tool version and commit, command line, JDK, host.
 *
 * @param gitCommit the commit pgknobs was built from ({@link BuildInfo#gitCommit()}), not that of the directory the
 *                  run was started in
 */
public record RunEnvironment(String pgknobsVersion, String gitCommit, List<String> commandLine, String postgresVersion,
                             String jdk, HostInfo host) {

    public static RunEnvironment capture(List<String> commandLine, String postgresVersion) {
        BuildInfo build = BuildInfo.load();
        return new RunEnvironment(build.version(), build.gitCommit(), commandLine, postgresVersion,
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"), HostInfo.read());
    }
}
