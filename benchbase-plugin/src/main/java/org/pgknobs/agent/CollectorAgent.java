package org.pgknobs.agent;

/** Placeholder entry point of the JVM agent; the collector bridge lands with the collector. */
public final class CollectorAgent {
    private CollectorAgent() {
    }

    public static void premain(String args) {
        System.err.println("pgknobs agent: collector not built yet; nothing collected");
    }
}
