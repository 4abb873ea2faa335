package org.pgknobs.agent;

import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.security.ProtectionDomain;

/**
 * JVM agent for BenchBase processes:
 * {@code java -javaagent:pgknobs-benchbase-plugin.jar[=interval=1s] -jar benchbase.jar -b tpcc -c cfg.xml --execute=true -d results}.
 * Without {@code --execute=true} it only logs one line. Otherwise it samples the benchmark database
 * for the life of the JVM, measures the window after the XML's warm-up, and writes
 * {@code <prefix>.pgstats.json/.csv} beside BenchBase's result files. Needs no BenchBase classes: the
 * start of execution is the moment BenchBase loads its ThreadBench class, observed (never changed)
 * through the instrumentation API.
 */
public final class CollectorAgent {

    private CollectorAgent() {
    }

    public static void premain(String args) {
        premain(args, null);
    }

    public static void premain(String args, Instrumentation inst) {
        try {
            AgentOptions options = AgentOptions.parse(args);
            BenchBaseCommandLine cmd = BenchBaseCommandLine.parse(BenchBaseCommandLine.currentArguments());
            if (!cmd.execute()) {
                AgentSession.log("no --execute=true on the command line; not collecting");
                return;
            }
            if (cmd.config() == null) {
                AgentSession.log("no -c CONFIG on the command line; not collecting");
                return;
            }
            AgentSession session = new AgentSession(options, cmd);
            if (inst != null) {
                watchForStart(inst, options.startClass(), session);
            } else {
                AgentSession.log("no instrumentation handle; execution start = agent start");
                session.executionStarted();
            }
            session.start();
        } catch (RuntimeException e) {
            // An agent must never stop the benchmark it rides on.
            AgentSession.log("not collecting: " + e.getMessage());
        }
    }

    private static void watchForStart(Instrumentation inst, String className, AgentSession session) {
        String internal = className.replace('.', '/');
        for (Class<?> c : inst.getAllLoadedClasses()) {
            if (c.getName().equals(className)) {
                session.executionStarted();
                return;
            }
        }
        inst.addTransformer(new ClassFileTransformer() {
            @Override
            public byte[] transform(ClassLoader loader, String name, Class<?> redefined, ProtectionDomain domain,
                    byte[] classfileBuffer) {
                if (internal.equals(name)) {
                    session.executionStarted();
                }
                return null;
            }
        });
    }
}
