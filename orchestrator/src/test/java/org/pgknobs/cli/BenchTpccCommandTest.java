package org.pgknobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchTpccCommandTest {

    @Test
    void printsTheFiguresAsOneJsonObjectLastAndLeavesNoServerBehind(@TempDir Path dir) throws Exception {
        PrintStream saved = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            // one terminal for 1 s: the test reads the JSON's keys and that transactions completed, not a speed;
            // the window is unthrottled (the command has no rate), so each terminal-second is a core's second
            code = Main.execute("bench", "tpcc", "--warehouses", "1", "--terminals", "1", "--duration", "1s",
                    "-d", dir.toString());
        } finally {
            System.setOut(saved);
        }
        assertThat(code).isEqualTo(Main.OK);
        String[] lines = out.toString(StandardCharsets.UTF_8).strip().split("\n");
        JsonNode json = new ObjectMapper().readTree(lines[lines.length - 1]);
        List<String> keys = new ArrayList<>();
        json.fieldNames().forEachRemaining(keys::add);
        assertThat(keys).containsExactly("driver", "warehouses", "terminals", "load_seconds", "tps", "goodput",
                "client_cpu_seconds", "p95_ms");
        assertThat(json.get("driver").asText()).isEqualTo("builtin");
        assertThat(json.get("warehouses").asInt()).isEqualTo(1);
        assertThat(json.get("load_seconds").asDouble()).isPositive();
        assertThat(json.get("tps").asDouble()).isPositive().isGreaterThanOrEqualTo(json.get("goodput").asDouble());
        assertThat(json.get("client_cpu_seconds").asDouble()).isPositive();
        assertThat(Files.exists(dir.resolve("tpcc.summary.json"))).isTrue();
    }

    @Test
    void bothDriversWithoutBenchBaseIsBadInputAndStartsNothing(@TempDir Path dir) throws Exception {
        PrintStream savedErr = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        int reuseWithoutBoth;
        try {
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            code = Main.execute("bench", "tpcc", "--driver", "both", "--benchbase-home", dir.resolve("missing").toString(),
                    "-d", dir.resolve("out").toString());
            reuseWithoutBoth = Main.execute("bench", "tpcc", "--reuse-load", "-d", dir.resolve("out").toString());
        } finally {
            System.setErr(savedErr);
        }
        assertThat(code).isEqualTo(2);
        assertThat(reuseWithoutBoth).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("benchbase.jar").contains("--reuse-load, --retries, --builtin-jvm and --set go with --driver both");
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void withBothDriversASetThePostgresqlServerRejectsIsBadInputBeforeTheLoad(@TempDir Path dir) throws Exception {
        Path home = dir.resolve("benchbase");
        org.pgknobs.workload.benchbase.FakeBenchBaseJar.write(home);
        // a bad value and an unknown name in one command (one throwaway server, not two): preflight names each
        org.pgknobs.testing.CliRun.Result r = org.pgknobs.testing.CliRun.execute("bench", "tpcc", "--driver", "both",
                "--benchbase-home", home.toString(), "--set", "shared_buffers=lots", "--set", "shared_bufers=1GB",
                "-d", dir.resolve("out").toString());
        assertThat(r.exitCode()).as(r.err()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).contains("(2 problems;", "shared_buffers: invalid value for parameter \"shared_buffers\": \"lots\"",
                "shared_bufers: unknown parameter");
        // no verification line, no run line: it ended before BenchBase's load
        assertThat(r.out()).isBlank();
        assertThat(dir.resolve("out")).doesNotExist();
    }
}
