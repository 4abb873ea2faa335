package org.pgknobs.run.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.plan.ExperimentPlan;
import org.pgknobs.experiment.yaml.ExperimentLoader;
import org.pgknobs.overlay.OverlayEngine;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.run.Workloads;
import org.pgknobs.run.progress.SuiteProgress;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.server.KeyedDirectories;
import org.pgknobs.server.PgBinaries;
import org.pgknobs.server.Server;
import org.pgknobs.server.Workspace;
import org.pgknobs.testing.TestServers;
import org.pgknobs.workload.tpcc.TpccSchema;
import org.pgknobs.workload.tpcc.TpccWorkload;

/**
 * --load-cache: a second run copies the first one's load (same rows, its own password, recorded as from
 * the cache), the key changes with everything the loaded bytes depend on, and a broken entry is missed.
 */
class LoadCacheTest {

    private static final Path TWO_STEPS = Path.of("src/test/resources/faults/two-steps.yaml");

    @TempDir
    Path dir;

    @Test
    void aSecondLoadComesFromTheCacheWithTheSameRowsTheServersOwnPasswordAndTheOriginalLoadRecorded() throws Exception {
        Path cache = dir.resolve("cache");
        Experiment experiment = ExperimentLoader.load(TWO_STEPS, Optional.empty(), List.of());
        ByteArrayOutputStream firstOut = new ByteArrayOutputStream();
        Clusters first = clusters(cache, firstOut);
        Map<String, Long> loaded;
        SuiteRecord.DataLoad firstLoad;
        try {
            loaded = rowCounts(first.prepare(experiment, ExperimentPlan.of(experiment).steps().get(0), progress(firstOut)));
            firstLoad = first.loads().get(0);
        } finally {
            first.release(true);
        }
        assertThat(firstLoad.source()).isEqualTo("load");
        assertThat(firstOut.toString(StandardCharsets.UTF_8)).contains("load cache: stored as " + firstLoad.cacheKey().substring(0, 12))
                .containsPattern("loaded in [0-9.]+ s");
        assertThat(loaded).containsEntry("warehouse", 1L).containsEntry("district", 10L).containsEntry("customer", 30_000L)
                .containsEntry("item", 100_000L).containsEntry("stock", 100_000L).containsEntry("oorder", 30_000L)
                .containsEntry("new_order", 9_000L);

        ByteArrayOutputStream secondOut = new ByteArrayOutputStream();
        Clusters second = clusters(cache, secondOut);
        try {
            // rowCounts connects over TCP with this server's password: the cached cluster's was reset
            Server server = second.prepare(experiment, ExperimentPlan.of(experiment).steps().get(0), progress(secondOut));
            assertThat(rowCounts(server)).isEqualTo(loaded);
            SuiteRecord.DataLoad hit = second.loads().get(0);
            assertThat(hit.source()).isEqualTo("cache");
            assertThat(hit.cacheKey()).isEqualTo(firstLoad.cacheKey());
            assertThat(hit.originalSeconds()).isEqualTo(firstLoad.seconds());
            assertThat(hit.originalLoadedAt()).isNotNull();
            assertThat(secondOut.toString(StandardCharsets.UTF_8))
                    .contains("loaded from cache " + firstLoad.cacheKey().substring(0, 12) + " (original load "
                            + String.format("%.1f s", firstLoad.seconds()));
            // the first step after a load starts on the snapshot's own bytes; the next one restores them
            assertThat(secondOut.toString(StandardCharsets.UTF_8)).doesNotContain("restoring the loaded data");
            Server again = second.prepare(experiment, ExperimentPlan.of(experiment).steps().get(1), progress(secondOut));
            assertThat(secondOut.toString(StandardCharsets.UTF_8)).contains("restoring the loaded data");
            assertThat(rowCounts(again)).isEqualTo(loaded);
        } finally {
            second.release(true);
        }
    }

    @Test
    void theKeyChangesWithTheBuildTheInitdbOptionsTheAutoConfAndTheWarehouses() throws Exception {
        PgBinaries embedded = TestServers.embeddedBinaries();
        Path data = Files.createDirectories(dir.resolve("data"));
        Files.writeString(data.resolve("postgresql.auto.conf"), "# empty\n");
        String oneWarehouse = identity(List.of());
        KeyedDirectories.Key key = LoadCache.key(embedded, "postgres", List.of(), data, oneWarehouse);

        assertThat(LoadCache.key(embedded, "postgres", List.of(), data, oneWarehouse)).as("same inputs").isEqualTo(key);

        assertThat(LoadCache.key(embedded, "postgres", List.of(), data, identity(List.of("workload.warehouses=2"))).id())
                .as("warehouses").isNotEqualTo(key.id());
        assertThat(LoadCache.key(embedded, "postgres", List.of("--data-checksums"), data, oneWarehouse).id())
                .as("initdb").isNotEqualTo(key.id());
        assertThat(LoadCache.key(embedded, "nobody", List.of(), data, oneWarehouse).id()).as("OS user").isNotEqualTo(key.id());
        Files.writeString(data.resolve("postgresql.auto.conf"), "wal_level = 'minimal'\n");
        assertThat(LoadCache.key(embedded, "postgres", List.of(), data, oneWarehouse).id()).as("auto.conf")
                .isNotEqualTo(key.id());
        Files.writeString(data.resolve("postgresql.auto.conf"), "# empty\n");
        Path pg15 = Path.of("/usr/lib/postgresql/15/bin");
        if (Files.isExecutable(pg15.resolve("postgres"))) {
            assertThat(LoadCache.key(PgBinaries.at(pg15, "debian"), "postgres", List.of(), data, oneWarehouse).id())
                    .as("another build").isNotEqualTo(key.id());
        }
        assertThat(key.parts().get("workload")).contains("warehouses 1").contains("seed ")
                .contains("schema sha256 " + TpccSchema.postgres().digest());
    }

    @Test
    @Tag("unit")
    void aBrokenEntryIsReportedRemovedAndMissed() throws Exception {
        KeyedDirectories.Key key = KeyedDirectories.Key.of(Map.of("workload", "test"));
        Path entry = dir.resolve("cache").resolve(key.id());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        LoadCache cache = new LoadCache(dir.resolve("cache"), new PrintStream(out, true, StandardCharsets.UTF_8));
        assertThat(cache.lookup(key)).as("no entry").isEmpty();
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();

        // half an entry: the data without entry.json
        Files.createDirectories(entry.resolve("data"));
        Files.writeString(entry.resolve("data/PG_VERSION"), "18\n");
        assertThat(cache.lookup(key)).isEmpty();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("ignoring the broken entry " + entry)
                .contains("entry.json cannot be read").contains("loading instead");
        assertThat(entry).doesNotExist();

        // entry.json but no cluster
        Files.createDirectories(entry);
        org.pgknobs.json.Json.write(entry.resolve(LoadCache.ENTRY_FILE), new LoadCache.Entry(key.id(), key.parts(),
                java.time.Instant.now(), 8.2));
        assertThat(cache.lookup(key)).isEmpty();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("it has no data/PG_VERSION");
        assertThat(entry).doesNotExist();

        // a whole entry is found
        Files.createDirectories(entry.resolve("data"));
        Files.writeString(entry.resolve("data/PG_VERSION"), "18\n");
        org.pgknobs.json.Json.write(entry.resolve(LoadCache.ENTRY_FILE), new LoadCache.Entry(key.id(), key.parts(),
                java.time.Instant.now(), 8.2));
        assertThat(cache.lookup(key)).hasValueSatisfying(e -> assertThat(e.loadSeconds()).isEqualTo(8.2));
    }

    private static String identity(List<String> sets) {
        Experiment e = ExperimentLoader.load(TWO_STEPS, Optional.empty(), sets);
        ConnectionInfo nowhere = new ConnectionInfo("127.0.0.1", 1, "postgres", "postgres", "unused");
        return ((TpccWorkload) Workloads.create(e.workload(), nowhere)).loadIdentity();
    }

    private static Clusters clusters(Path cache, ByteArrayOutputStream out) {
        ServerSupply supply = new ServerSupply.Managed(TestServers.embeddedBinaries(), TestServers.runAs(),
                Workspace.defaultWorkDir().resolve("tests"), new DiskSpace(OptionalLong.empty()), Optional.of(cache));
        return new Clusters(supply, Workloads::create, new OverlayEngine(false), new PrintStream(out, true, StandardCharsets.UTF_8));
    }

    private static SuiteProgress progress(ByteArrayOutputStream out) {
        return new SuiteProgress(new PrintStream(out, true, StandardCharsets.UTF_8), 1, Duration.ofSeconds(10), Duration.ofSeconds(10));
    }

    private static Map<String, Long> rowCounts(Server server) throws Exception {
        Map<String, Long> counts = new LinkedHashMap<>();
        try (Connection c = server.connection().withDatabase("tpcc").connect(); Statement s = c.createStatement()) {
            for (String table : TpccSchema.TABLES) {
                try (ResultSet rs = s.executeQuery("SELECT count(*) FROM " + table)) {
                    rs.next();
                    counts.put(table, rs.getLong(1));
                }
            }
        }
        return counts;
    }
}
