package org.pgknobs.results;

import org.pgknobs.host.CpuSet;
import org.pgknobs.host.SystemInfo;
import org.pgknobs.host.Kernel;
import org.pgknobs.host.MemInfo;

/** Facts about the machine a run used, for suite.json: results are only comparable on like machines. */
public record HostInfo(int cores, long memoryBytes, String cpuModel, String kernel, String os) {

    public static HostInfo read() {
        return new HostInfo(CpuSet.online().size(),
                MemInfo.totalBytes(MemInfo.PROC_MEMINFO).orElse(-1), SystemInfo.cpuModel(), Kernel.release(),
                SystemInfo.osName());
    }
}
