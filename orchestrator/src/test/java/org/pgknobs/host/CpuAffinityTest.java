package org.pgknobs.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** taskset on real processes: a child and its children pinned, and this JVM pinned and given back its set. */
@Tag("unit")
class CpuAffinityTest {

    @Test
    void aProcessTreeIsPinnedAndThisJvmGetsItsSetBack() throws Exception {
        assumeTrue(CpuAffinity.available(), "taskset (util-linux) is not installed");
        CpuSet online = CpuSet.online();
        CpuSet last = new CpuSet(online.cpus().tailSet(online.cpus().last()));
        // a shell whose child sleeps: the tree, not only its root, must move
        Process parent = new ProcessBuilder("sh", "-c", "sleep 60 & wait").start();
        try {
            ProcessHandle child = awaitChild(parent);
            CpuAffinity.pinTree(parent.pid(), last);
            assertThat(CpuAffinity.current(parent.pid())).isEqualTo(last.toString());
            assertThat(CpuAffinity.current(child.pid())).isEqualTo(last.toString());
        } finally {
            parent.descendants().forEach(ProcessHandle::destroyForcibly);
            parent.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        long self = ProcessHandle.current().pid();
        String before = CpuAffinity.current(self);
        try (CpuAffinity.Pinning pin = CpuAffinity.pinThisProcess(last)) {
            assertThat(CpuAffinity.current(self)).isEqualTo(last.toString());
            // a process started while pinned inherits the set
            Process forked = new ProcessBuilder("sleep", "60").start();
            try {
                assertThat(CpuAffinity.current(forked.pid())).isEqualTo(last.toString());
            } finally {
                forked.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
        assertThat(CpuAffinity.current(self)).isEqualTo(before);
    }

    private static ProcessHandle awaitChild(Process parent) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            var child = parent.children().findFirst();
            if (child.isPresent()) {
                return child.get();
            }
            Thread.sleep(10);
        }
        throw new AssertionError("the shell started no child in 30 s");
    }
}
