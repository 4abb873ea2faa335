package org.pgknobs.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.pgknobs.json.Json;
import org.pgknobs.testing.TinyRuns;

/**
 * Runs for the history without running anything: a copy of a tiny run's result directory under another name and
 * start time, every repeat's measured throughput (step.json's phases) multiplied by one factor.
 */
final class ScaledCopies {

    private ScaledCopies() {
    }

    /** @param started the copy's start time, ISO-8601, written into its suite.json */
    static Path copy(Path run, Path target, String started, double factor) {
        TinyRuns.copy(run, target);
        try {
            Path suite = target.resolve("suite.json");
            ObjectNode s = (ObjectNode) Json.readTree(suite);
            s.put("started", started);
            Json.write(suite, s);
            List<Path> steps;
            try (Stream<Path> all = Files.walk(target.resolve("steps"))) {
                steps = all.filter(p -> p.getFileName().toString().equals("step.json")).toList();
            }
            for (Path stepJson : steps) {
                ObjectNode step = (ObjectNode) Json.readTree(stepJson);
                JsonNode phases = step.path("workload").path("phases");
                for (JsonNode phase : phases) {
                    ObjectNode p = (ObjectNode) phase;
                    p.put("throughput", p.path("throughput").asDouble() * factor);
                    if (p.hasNonNull("goodput")) {
                        p.put("goodput", p.path("goodput").asDouble() * factor);
                    }
                }
                Json.write(stepJson, step);
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
