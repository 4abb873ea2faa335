package org.pgknobs.report.format;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.cli.ReportFiles;
import org.pgknobs.collector.QueryCatalog;
import org.pgknobs.report.ReportData;
import org.pgknobs.testing.TinyRuns;

/**
 * A figure the server's major cannot give is "n/a on 13: no pg_stat_io" in the steps table, never a zero or a bare
 * dash: the tiny article run (shared) rewritten as a PostgreSQL 13 server's pgstats.json would be (no pg_stat_io, no
 * pg_stat_wal, as QueryCatalog leaves them out before 16 and 14).
 */
class NotAvailableCellsTest {

    @TempDir
    Path dir;

    @Test
    void whatThirteenLacksIsSaidInItsCells() throws Exception {
        Path run = TinyRuns.copy(TinyRuns.article().directory(), dir.resolve("run"));
        ObjectMapper json = new ObjectMapper();
        try (Stream<Path> files = Files.walk(run)) {
            for (Path f : files.filter(p -> p.getFileName().toString().equals("pgstats.json")).toList()) {
                ObjectNode doc = (ObjectNode) json.readTree(f.toFile());
                ((ObjectNode) doc.get("environment")).put("serverVersionNum", 130023);
                ObjectNode unavailable = json.createObjectNode();
                unavailable.put(QueryCatalog.IO, "pg_stat_io is not available before PG 16 (server is 130023)");
                unavailable.put(QueryCatalog.WAL, "pg_stat_wal is not available before PG 14 (server is 130023)");
                doc.set("unavailable", unavailable);
                doc.get("windows").forEach(w -> {
                    ((ObjectNode) w.get("deltas")).remove(List.of(QueryCatalog.IO, QueryCatalog.WAL));
                    ObjectNode derived = (ObjectNode) w.get("derived");
                    List.of("clientHitRatio", "walBytes", "walRecords", "walFpi", "fpiShare").forEach(derived::putNull);
                    derived.set("ioByBackendType", json.createObjectNode());
                });
                json.writeValue(f.toFile(), doc);
            }
        }
        ReportData data = ReportFiles.write(List.of(run), dir.resolve("report"), Optional.empty());
        ReportData.Step done = data.runs().get(0).steps().stream().filter(s -> s.window().work() != null).findFirst().orElseThrow();
        assertThat(done.server().hitRatio()).isNull();
        assertThat(done.server().notAvailable()).containsEntry(QueryCatalog.IO, "n/a on 13: no pg_stat_io")
                .containsEntry(QueryCatalog.WAL, "n/a on 13: no pg_stat_wal");
        String md = Files.readString(dir.resolve("report/report.md"));
        String row = md.lines().filter(l -> l.startsWith("| ") && l.contains("| " + done.name() + " |") && l.contains("n/a on 13"))
                .findFirst().orElseThrow(() -> new AssertionError("no steps-table row of " + done.name() + " with n/a in:\n" + md));
        assertThat(row).contains("| n/a on 13: no pg_stat_io | n/a on 13: no pg_stat_wal | n/a on 13: no pg_stat_wal "
                + "| n/a on 13: no pg_stat_wal |");
    }
}
