package org.pgknobs.workload.tpcc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.testing.TestServers;

class TpccSchemaTest {

    private static ManagedServer server;

    @BeforeAll
    static void start() {
        server = TestServers.started("tpcc-schema");
    }

    @AfterAll
    static void stop() {
        TestServers.dispose(server);
    }

    static List<String> expected() throws Exception {
        try (InputStream in = TpccSchemaTest.class.getResourceAsStream("expected-catalog.txt")) {
            return Arrays.stream(new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n"))
                    .filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
        }
    }

    @Test
    void createdSchemaMatchesBenchBasesColumnsTypesKeysAndIndexes() throws Exception {
        try (Connection c = server.connection().connect(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE created");
        }
        try (Connection c = server.connection().connect("created")) {
            TpccSchema.postgres().createAll(c);
            assertThat(CatalogDescription.of(c)).containsExactlyElementsOf(expected());
        }
    }

    @Test
    void schemaHasTheNineTpccTables() {
        assertThat(TpccSchema.postgres().tables()).filteredOn(s -> s.startsWith("CREATE TABLE")).hasSize(9);
        assertThat(TpccSchema.postgres().foreignKeys()).hasSize(10);
    }
}
