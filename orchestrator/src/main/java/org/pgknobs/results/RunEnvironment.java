package org.pgknobs.results;

import java.util.List;

/**
 * Everything needed to know what produced a result: tool version and commit, command line, JDK, host
 * ({@code run.EnvironmentCapture} reads them).
 *
 * @param gitCommit the commit pgknobs was built from, not that of the directory the run was started in
 */
public record RunEnvironment(String pgknobsVersion, String gitCommit, List<String> commandLine, String postgresVersion,
                             String jdk, HostInfo host) {
}
