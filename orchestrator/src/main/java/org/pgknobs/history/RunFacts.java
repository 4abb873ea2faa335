package org.pgknobs.history;

/**
 * What the history keeps of one result directory, beside its steps.
 *
 * @param runKey          the directory's identity: SHA-256 of experiment, directory name, start time and host tag, so
 *                        a directory imported twice, or from another path, is the same run ({@link HistoryEntries})
 * @param started         the run's start (suite.json), ISO-8601; null when no file says it
 * @param postgresVersion the full minor ("18.6"), from the server's version line
 * @param postgresBuild   the whole version line (compiler, platform): two 18.6 builds differ here
 * @param workload        the experiment's workload spec (kind, driver and sizes after the profile and --set)
 * @param host            the host facts as JSON (host tag, cores, memory, CPU model, kernel, OS)
 * @param calibration     calibration.json of the directory as it was written; null in directories without one
 */
public record RunFacts(String runKey, String experiment, String resultDir, String started, String pgknobsVersion,
                       String pgknobsCommit, String postgresVersion, String postgresBuild, String workload, String host,
                       String calibration) {
}
