package org.pgknobs.cli;

import java.nio.file.Path;
import org.pgknobs.experiment.Driver;
import org.pgknobs.experiment.WorkloadKind;
import org.pgknobs.experiment.WorkloadSpec;
import org.pgknobs.workload.benchbase.BenchBaseLauncher;
import org.pgknobs.workload.benchbase.BenchBaseSetup;
import picocli.CommandLine.Option;

/** Where BenchBase and its Java are, for {@code --driver benchbase}. */
public final class BenchBaseOptions {

    @Option(names = "--benchbase-home", paramLabel = "DIR",
            description = "BenchBase's PostgreSQL build (the directory holding benchbase.jar and lib/); default: "
                    + "BENCHBASE_HOME, else BenchBase on the class path (pgknobs built with -Pbenchbase).")
    Path home;

    @Option(names = "--benchbase-java", paramLabel = "DIR",
            description = "Java for BenchBase (at least the release its classes were built for, 23 for current "
                    + "builds): a JDK directory or its bin/java; default: JAVA_HOME if new enough, else the newest JDK "
                    + "under /usr/lib/jvm (and the other JVM directories), else this Java.")
    Path java;

    /** {@link #resolve()} when {@code workload} is TPC-C driven by BenchBase, else null (nothing to check). */
    public BenchBaseLauncher resolveFor(WorkloadSpec workload) {
        return workload.kind() == WorkloadKind.TPCC && workload.driver() == Driver.BENCHBASE ? resolve() : null;
    }

    /** Checks BenchBase and Java now (bad input, exit 2, when either is missing or too old). */
    public BenchBaseLauncher resolve() {
        return BenchBaseSetup.from(home, java, System.getenv()).resolve();
    }
}
