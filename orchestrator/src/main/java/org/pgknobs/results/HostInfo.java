package org.pgknobs.results;

import org.pgknobs.host.MemInfo;
import org.pgknobs.host.SystemInfo;

/** Facts about the machine a run used, for suite.json: results are only comparable on like machines. */
public record HostInfo(int cores, long memoryBytes, String cpuModel, String kernel, String os) {

    public static HostInfo read() {
        return new HostInfo(Runtime.getRuntime().availableProcessors(),
                MemInfo.totalBytes(MemInfo.PROC_MEMINFO).orElse(-1), SystemInfo.cpuModel(), SystemInfo.kernel(),
                SystemInfo.osName());
    }
}
