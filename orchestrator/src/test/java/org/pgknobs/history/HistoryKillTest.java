package org.pgknobs.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kill -9 of a process in the middle of recording into the SQLite store: the store opens, passes SQLite's integrity
 * check, holds what was committed before and nothing of the killed transaction, and the killed run records later.
 */
class HistoryKillTest {

    @Test
    void aWriterKilledMidTransactionLeavesTheStoreConsistent(@TempDir Path dir) throws Exception {
        HistoryLocation location = new HistoryLocation(dir.resolve("history.sqlite").toString());
        try (HistoryStore store = HistoryStore.open(location)) {
            store.record(HistoryStoreContract.run("committed", "2026-12-01T00:00:00Z", 1));
        }
        Process child = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
                HistoryKillChild.class.getName(), location.text())).redirectErrorStream(true).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            StringBuilder seen = new StringBuilder();
            while ((line = out.readLine()) != null && !line.equals("in transaction")) {
                seen.append(line).append('\n');
            }
            assertThat(line).as("the child reached its open transaction; it printed:\n" + seen).isEqualTo("in transaction");
            child.destroyForcibly(); // SIGKILL: no shutdown hook, no rollback, the journal left as it is
            assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
        } finally {
            child.destroyForcibly();
        }
        assertThat(child.exitValue()).as("killed by signal 9").isEqualTo(128 + 9);

        try (HistoryStore store = HistoryStore.open(location); Statement s = store.connection().createStatement();
             ResultSet check = s.executeQuery("PRAGMA integrity_check")) {
            check.next();
            assertThat(check.getString(1)).isEqualTo("ok");
            assertThat(store.counts()).as("the committed run only")
                    .isEqualTo(Map.of("history_run", 1, "history_step", 2, "history_value", 4));
            assertThat(store.record(HistoryStoreContract.run("killed", "2026-12-02T00:00:00Z", 1)))
                    .as("the killed run records in full afterwards").isEqualTo(6);
        }
    }
}
