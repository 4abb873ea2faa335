package org.pgknobs.collector;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("unit")
class PgStatsFilesTest {

    @Test
    void namesCarryTheOptionalPrefix() {
        Path d = Path.of("/r");
        assertThat(PgStatsFiles.json(d, null)).isEqualTo(Path.of("/r/pgstats.json"));
        assertThat(PgStatsFiles.csv(d, "tpcc_2026-11-30_10-00-00")).isEqualTo(Path.of("/r/tpcc_2026-11-30_10-00-00.pgstats.csv"));
    }

    @Test
    void aWrittenDocumentReadsBackEqual(@TempDir Path dir) {
        Map<String, List<StatRow>> deltas = DerivedFiguresTest.deltas();
        Derived derived = DerivedFigures.compute(deltas, 20.0, null, 2, Map.of("CPU:CPU", 4L))
                .withAutovacuum(new AutovacuumActivity(20, 5.0, 0.25, 1, 0, 0, List.of(new AutovacuumActivity.Table(
                        "order_line", 5.0, 0.25, 1, 0, 0, 0, "scanning heap", 900L, 300, 0))));
        WindowStats w = new WindowStats("measure", 1000, 21000, 20.0, deltas, derived, Map.of("CPU:CPU", 4L),
                Map.of("broken", "at window end: boom"));
        Environment env = new Environment("PostgreSQL 18.6", 180006, "bench", Map.of("checkpoints", "pg_stat_checkpointer"),
                Map.of("shared_buffers", "16384 8kB"), 2, 8L << 30, "Linux 6.1");
        PgStats doc = new PgStats(PgStats.SCHEMA_VERSION, env, new CollectorCost(21, 1.5, 3.0, 1000, true),
                Map.of(), List.of(w));
        Path f = PgStatsFiles.json(dir, "p");
        PgStatsFiles.write(doc, f);
        PgStats back = PgStatsFiles.read(f);
        assertThat(back.window("measure").derived()).isEqualTo(derived);
        assertThat(back.environment()).isEqualTo(env);
        assertThat(back.collector()).isEqualTo(doc.collector());
        assertThat(back.window("measure").missing()).containsEntry("broken", "at window end: boom");
        assertThat(back.window("measure").deltas().get(QueryCatalog.WAL).get(0).longValue("wal_bytes")).isEqualTo(2_000_000);
    }

    @Test
    void aFileWrittenBeforeAutovacuumActivityWasCollectedReadsWithItNull(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("pgstats.json");
        java.nio.file.Files.writeString(f, "{\"schemaVersion\": 1, \"windows\": [{\"phase\": \"measure\", \"seconds\": 2.0,"
                + " \"derived\": {\"seconds\": 2.0, \"autovacuumPerMinute\": 0.0, \"waitSamples\": 0}}]}");
        Derived d = PgStatsFiles.read(f).window("measure").derived();
        assertThat(d.autovacuum()).isNull();
        assertThat(d.maintenance().autovacuumPerMinute()).isZero();
    }
}
