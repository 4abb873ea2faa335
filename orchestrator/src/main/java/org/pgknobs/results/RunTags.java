package org.pgknobs.results;

/**
 * What makes a result directory one part of a larger run, for {@code report DIR...} to put the parts
 * back together: the PostgreSQL major it ran on (null: the one build of a plain run), its shard
 * ({@code "2/4"}, null when it ran the whole plan) and the host's name (shards' ratios are per host).
 */
public record RunTags(Integer pgMajor, String shard, String host) {

    public static RunTags none() {
        return new RunTags(null, null, hostName());
    }

    public static String hostName() {
        String env = System.getenv("HOSTNAME");
        if (env != null && !env.isBlank()) {
            return env;
        }
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException e) {
            return "unknown";
        }
    }
}
