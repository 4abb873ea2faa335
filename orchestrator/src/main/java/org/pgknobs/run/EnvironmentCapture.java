package org.pgknobs.run;

import java.util.List;
import org.pgknobs.BuildInfo;
import org.pgknobs.host.CpuSet;
import org.pgknobs.host.SystemInfo;
import org.pgknobs.host.Kernel;
import org.pgknobs.host.MemInfo;
import org.pgknobs.results.HostInfo;
import org.pgknobs.results.RunEnvironment;

/** Reads suite.json's {@code environment} from the build and this machine (the records are results' data only). */
public final class EnvironmentCapture {

    private EnvironmentCapture() {
    }

    /** The commit is the one pgknobs was built from ({@link BuildInfo#gitCommit()}), wherever the run is started. */
    public static RunEnvironment capture(List<String> commandLine, String postgresVersion) {
        BuildInfo build = BuildInfo.load();
        return new RunEnvironment(build.version(), build.gitCommit(), commandLine, postgresVersion,
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"), host());
    }

    public static HostInfo host() {
        return new HostInfo(CpuSet.online().size(), MemInfo.totalBytes(MemInfo.PROC_MEMINFO).orElse(-1),
                SystemInfo.cpuModel(), Kernel.release(), SystemInfo.osName());
    }
}
