package org.pgknobs.host;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The cores a benchmark gives the server and the ones it gives its client, disjoint. Their busy shares over a
 * step say what limited it: a server set near 100 % with the client's below means the rate measures the
 * server's work per row, whichever client drove it.
 */
public record CpuSplit(CpuSet server, CpuSet client) {

    public CpuSplit {
        if (server.overlaps(client)) {
            throw new IllegalArgumentException("the server's CPUs " + server + " and the client's " + client + " overlap");
        }
    }

    /** {"server": %, "client": %} busy (us + sy) between two per-CPU readings of /proc/stat, unrounded. */
    public Map<String, Double> busyPercent(Map<Integer, CpuTicks> before, Map<Integer, CpuTicks> after) {
        Map<String, Double> out = new LinkedHashMap<>();
        CpuTicks.busyPercent(before, after, server).ifPresent(p -> out.put("server", p));
        CpuTicks.busyPercent(before, after, client).ifPresent(p -> out.put("client", p));
        return out;
    }
}
