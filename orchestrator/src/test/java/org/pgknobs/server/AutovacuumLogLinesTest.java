package org.pgknobs.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("unit")
class AutovacuumLogLinesTest {

    private static final long FROM = Instant.parse("2026-12-01T10:40:00Z").toEpochMilli();
    private static final long TO = Instant.parse("2026-12-01T10:42:00Z").toEpochMilli();

    @Test
    void plainTextEntriesInsideTheWindowAreKeptWithTheirIndentedLines(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("postgresql-2026-12-01_103900.log");
        Files.write(log, List.of(
                "2026-12-01 10:39:59.500 UTC [71] LOG:  automatic vacuum of table \"tpcc.public.stock\": index scans: 0",
                "\tpages: 0 removed, 10 remain",
                "2026-12-01 10:40:10.000 UTC [72] LOG:  automatic vacuum of table \"tpcc.public.order_line\": index scans: 1",
                "\tpages: 0 removed, 900 remain, 900 scanned (100.00% of total)",
                "\ttuples: 120 removed, 9000 remain",
                "2026-12-01 10:40:11.000 UTC [73] LOG:  checkpoint starting: time",
                "\tnot an autovacuum line",
                "2026-12-01 11:41:00 CET [74] LOG:  automatic analyze of table \"tpcc.public.item\"",
                "2026-12-01 10:43:00.000 UTC [75] LOG:  automatic aggressive vacuum to prevent wraparound of table \"x.y\"",
                "LOG:  automatic vacuum of table \"tpcc.public.history\": no time in the prefix"));

        List<String> entries = AutovacuumLogLines.entries(List.of(log), FROM, TO);

        assertThat(entries).containsExactly(
                "2026-12-01 10:40:10.000 UTC [72] LOG:  automatic vacuum of table \"tpcc.public.order_line\": index scans: 1",
                "\tpages: 0 removed, 900 remain, 900 scanned (100.00% of total)",
                "\ttuples: 120 removed, 9000 remain",
                "2026-12-01 11:41:00 CET [74] LOG:  automatic analyze of table \"tpcc.public.item\"");
    }

    @Test
    void jsonlogEntriesAreReadByTheirTimestampField(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("postgresql.json");
        Files.write(log, List.of(
                "{\"timestamp\":\"2026-12-01 10:41:00.123 UTC\",\"pid\":80,\"error_severity\":\"LOG\","
                        + "\"message\":\"automatic vacuum of table \\\"tpcc.public.order_line\\\": index scans: 0\\npages: ...\"}",
                "{\"timestamp\":\"2026-12-01 10:41:01.000 UTC\",\"message\":\"checkpoint complete\"}",
                "{\"timestamp\":\"2026-12-01 10:50:00.000 UTC\",\"message\":\"automatic analyze of table \\\"a.b.c\\\"\"}"));

        List<String> entries = AutovacuumLogLines.entries(List.of(log), FROM, TO);

        assertThat(entries).hasSize(1);
        assertThat(entries.get(0)).contains("order_line");
    }

    @Test
    void theServerLogsToTheStderrFileAndToLoggingCollectorsTextFilesRatherThanItsJsonCopies(@TempDir Path dir)
            throws Exception {
        Path stderr = Files.writeString(dir.resolve("server.log"), "");
        Path logDir = Files.createDirectories(dir.resolve("data").resolve("log"));
        Path json = Files.writeString(logDir.resolve("postgresql-2026-12-01_103900.json"), "");
        Path text2 = Files.writeString(logDir.resolve("postgresql-2026-12-01_104000.log"), "");
        Path text1 = Files.writeString(logDir.resolve("postgresql-2026-12-01_103900.log"), "");

        assertThat(ServerLogs.files(stderr, dir.resolve("data"))).containsExactly(stderr, text1, text2);
        Files.delete(text1);
        Files.delete(text2);
        assertThat(ServerLogs.files(stderr, dir.resolve("data"))).containsExactly(stderr, json);
    }
}
