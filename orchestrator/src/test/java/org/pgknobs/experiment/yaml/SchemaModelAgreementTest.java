package org.pgknobs.experiment.yaml;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.pgknobs.experiment.ShippedExperimentsTest;

/** The schema's objects and keys are exactly the model's: derived from both, not listed twice. */
@Tag("unit")
class SchemaModelAgreementTest {

    @Test
    void everyObjectOfTheModelHasExactlyTheSameKeysInTheSchema() throws IOException {
        JsonNode schema = new ObjectMapper().readTree(ShippedExperimentsTest.ROOT.resolve("docs/experiment.schema.json").toFile());
        for (Map.Entry<String, List<String>> object : ExperimentFormat.objects().entrySet()) {
            JsonNode node = at(schema, schema, object.getKey());
            List<String> keys = new ArrayList<>();
            node.get("properties").fieldNames().forEachRemaining(keys::add);
            assertThat(keys).as("keys of '%s'", object.getKey()).containsExactlyInAnyOrderElementsOf(object.getValue());
            assertThat(node.path("additionalProperties").asBoolean(true))
                    .as("'%s' rejects unknown keys in the schema too", object.getKey()).isFalse();
        }
    }

    @Test
    void theSchemaHasNoObjectTheModelDoesNotKnow() throws IOException {
        JsonNode schema = new ObjectMapper().readTree(ShippedExperimentsTest.ROOT.resolve("docs/experiment.schema.json").toFile());
        List<String> found = new ArrayList<>();
        collect(schema, schema, "", found);
        assertThat(found).containsExactlyInAnyOrderElementsOf(ExperimentFormat.objects().keySet());
    }

    /** {@code allow:} offers exactly the kinds the setting gate knows, and a profile may set it too. */
    @Test
    void theAllowListOffersExactlyTheSettingGatesKinds() throws IOException {
        JsonNode schema = new ObjectMapper().readTree(ShippedExperimentsTest.ROOT.resolve("docs/experiment.schema.json").toFile());
        List<String> kinds = new ArrayList<>();
        schema.at("/properties/allow/items/enum").forEach(k -> kinds.add(k.asText()));
        assertThat(kinds).containsExactlyElementsOf(java.util.Arrays.stream(org.pgknobs.experiment.SettingGate.Kind.values())
                .map(org.pgknobs.experiment.SettingGate.Kind::word).toList());
        assertThat(ExperimentFormat.ROOT).contains("allow");
        assertThat(ExperimentFormat.profile()).contains("allow");
    }

    /** Walks {@code steps[].expect}-style paths through properties, items, additionalProperties, $ref and oneOf. */
    private static JsonNode at(JsonNode root, JsonNode node, String path) {
        node = resolve(root, node);
        if (path.isEmpty()) {
            return node;
        }
        String[] parts = path.split("\\.", 2);
        String head = parts[0];
        String rest = parts.length > 1 ? parts[1] : "";
        JsonNode next;
        if (head.equals("*")) {
            next = node.get("additionalProperties");
        } else if (head.endsWith("[]")) {
            next = resolve(root, node.get("properties").get(head.substring(0, head.length() - 2))).get("items");
        } else {
            next = node.get("properties").get(head);
        }
        return at(root, next, rest);
    }

    private static JsonNode resolve(JsonNode root, JsonNode node) {
        if (node.has("$ref")) {
            return resolve(root, root.at(node.get("$ref").asText().substring(1)));
        }
        if (node.has("oneOf")) {
            for (JsonNode option : node.get("oneOf")) {
                if (option.has("properties")) {
                    return option;
                }
            }
        }
        return node;
    }

    /** Every schema object with declared properties, as a model path. */
    private static void collect(JsonNode root, JsonNode node, String path, List<String> out) {
        node = resolve(root, node);
        if (node.has("properties")) {
            out.add(path);
            node.get("properties").fields().forEachRemaining(e -> {
                String child = path.isEmpty() ? e.getKey() : path + "." + e.getKey();
                JsonNode value = resolve(root, e.getValue());
                if (value.has("items")) {
                    collect(root, value.get("items"), child + "[]", out);
                } else {
                    collect(root, value, child, out);
                }
            });
        }
        if (node.path("additionalProperties").isObject()) {
            collect(root, node.get("additionalProperties"), path.isEmpty() ? "*" : path + ".*", out);
        }
    }
}
