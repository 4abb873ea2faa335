package org.pgknobs.collector;

import java.util.Map;

/**
 * Where the numbers came from. Host figures describe the machine the collector runs on (the same
 * as the server's for embedded and local servers; for an external server they are the client's).
 */
public record Environment(
        String serverVersion,
        int serverVersionNum,
        String database,
        Map<String, String> sources,
        Map<String, String> settings,
        int hostCores,
        Long hostMemoryBytes,
        String hostKernel) {
}
