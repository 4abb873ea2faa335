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

    /** The check that decides whether a failed taskset still pinned every live thread: this JVM's own threads. */
    @Test
    void allThreadsOnReadsEveryLiveThreadsSet() {
        long self = ProcessHandle.current().pid();
        CpuSet now = CpuSet.parse(CpuAffinity.current(self));
        assertThat(CpuAffinity.allThreadsOn(self, now)).isTrue();
        CpuSet online = CpuSet.online();
        assumeTrue(online.cpus().size() > 1, "one CPU: no other set to compare with");
        CpuSet other = now.equals(online) ? new CpuSet(online.cpus().tailSet(online.cpus().last())) : online;
        assertThat(CpuAffinity.allThreadsOn(self, other)).isFalse();
    }

    /** Pinning this JVM while it starts and ends threads all the time: the race above, for real. */
    @Test
    void thisJvmIsPinnedWhileItsThreadsComeAndGo() throws Exception {
        assumeTrue(CpuAffinity.available(), "taskset (util-linux) is not installed");
        CpuSet online = CpuSet.online();
        CpuSet last = new CpuSet(online.cpus().tailSet(online.cpus().last()));
        long self = ProcessHandle.current().pid();
        String before = CpuAffinity.current(self);
        java.util.concurrent.atomic.AtomicBoolean churn = new java.util.concurrent.atomic.AtomicBoolean(true);
        Thread spawner = new Thread(() -> {
            while (churn.get()) {
                Thread t = new Thread(() -> { });
                t.start();
                try {
                    t.join();
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        spawner.start();
        try {
            for (int i = 0; i < 10; i++) {
                try (CpuAffinity.Pinning pin = CpuAffinity.pinThisProcess(last)) {
                    assertThat(CpuAffinity.current(self)).isEqualTo(last.toString());
                }
                assertThat(CpuAffinity.current(self)).isEqualTo(before);
            }
        } finally {
            churn.set(false);
            spawner.join(10_000);
        }
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
