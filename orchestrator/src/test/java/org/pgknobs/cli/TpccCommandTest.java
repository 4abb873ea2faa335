package org.pgknobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.benchbase.BenchBaseConfig;
import org.pgknobs.benchbase.BenchBaseXml;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.server.ManagedServer;
import org.pgknobs.testing.TestServers;

class TpccCommandTest {

    private static ManagedServer server;

    @BeforeAll
    static void start() {
        server = TestServers.started("tpcc-cli");
    }

    @AfterAll
    static void stop() {
        TestServers.dispose(server);
    }

    @Test
    void createLoadExecuteLikeBenchBaseWritesItsResultFilesWithoutThePassword(@TempDir Path dir) throws Exception {
        ConnectionInfo c = server.connection();
        // 30 tx/s: the test reads the files and that transactions completed; unthrottled, the 2 s would take both cores
        // from the other test JVMs
        BenchBaseConfig config = BenchBaseConfig.tpcc("jdbc:postgresql://127.0.0.1:" + c.port() + "/bench?reWriteBatchedInserts=true",
                c.user(), c.password(), 1, 2, BenchBaseConfig.WorkRate.perSecond(30), 0, 2, BenchBaseConfig.TPCC_WEIGHTS,
                "TRANSACTION_SERIALIZABLE");
        Path xml = dir.resolve("config.xml");
        BenchBaseXml.write(config, xml);
        Path results = dir.resolve("results");

        PrintStream saved = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            code = Main.execute("tpcc", "-b", "tpcc", "-c", xml.toString(), "--create=true", "--load=true", "--execute=true",
                    "-d", results.toString());
        } finally {
            System.setOut(saved);
        }
        assertThat(code).isEqualTo(Main.OK);
        try (Connection db = c.connect("bench"); Statement s = db.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*) FROM district")) {
            rs.next();
            assertThat(rs.getInt(1)).isEqualTo(10);
        }
        List<String> files;
        try (Stream<Path> list = Files.list(results)) {
            files = list.map(p -> p.getFileName().toString()).sorted().toList();
        }
        assertThat(files).hasSize(11).allMatch(f -> f.matches("tpcc_\\d{4}-\\d\\d-\\d\\d_\\d\\d-\\d\\d-\\d\\d\\..*"));
        assertThat(files).anyMatch(f -> f.endsWith(".summary.json")).anyMatch(f -> f.endsWith(".raw.csv"))
                .anyMatch(f -> f.endsWith(".samples.csv")).anyMatch(f -> f.endsWith(".results.csv"))
                .anyMatch(f -> f.endsWith(".params.json")).anyMatch(f -> f.endsWith(".config.xml"))
                .anyMatch(f -> f.endsWith(".results.NewOrder.csv")).anyMatch(f -> f.endsWith(".results.StockLevel.csv"));
        Path copied = results.resolve(files.stream().filter(f -> f.endsWith(".config.xml")).findFirst().orElseThrow());
        assertThat(Files.readString(copied)).doesNotContain(c.password());
        String[] lines = out.toString(StandardCharsets.UTF_8).strip().split("\n");
        JsonNode phase = new ObjectMapper().readTree(lines[lines.length - 1]);
        assertThat(phase.get("name").asText()).isEqualTo("tpcc");
        assertThat(phase.get("completed").asLong()).isPositive();
    }

    @Test
    void nothingToDoIsBadInput(@TempDir Path dir) throws Exception {
        Path xml = dir.resolve("c.xml");
        BenchBaseXml.write(BenchBaseConfig.tpcc("jdbc:postgresql://127.0.0.1:1/x", "u", null, 1, 1,
                BenchBaseConfig.WorkRate.UNLIMITED, 0, 1, BenchBaseConfig.TPCC_WEIGHTS, "TRANSACTION_SERIALIZABLE"), xml);
        assertThat(Main.execute("tpcc", "-c", xml.toString())).isEqualTo(Main.BAD_INPUT);
        assertThat(Main.execute("tpcc", "-c", dir.resolve("missing.xml").toString(), "--execute")).isEqualTo(Main.BAD_INPUT);
    }
}
