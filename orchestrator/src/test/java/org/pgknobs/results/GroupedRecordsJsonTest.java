package org.pgknobs.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.pgknobs.json.Json;

/**
 * step.json and suite.json keep their flat keys, in their order, now that StepResult and SuiteRecord group some of
 * their components into topic records: files written before read, and new files write the same keys.
 */
@Tag("unit")
class GroupedRecordsJsonTest {

    private static final String STEP_JSON = """
            {"index": 2, "name": "wal", "repeat": 1, "status": "done", "reason": null,
             "started": "2026-12-03T10:16:35.073000616Z", "finished": "2026-12-03T10:16:38.186064339Z",
             "restarted": true, "settingsRequested": 22, "settingsVerified": 21, "seconds": {"run": 2.5},
             "workload": null, "machine": null}""";

    private static final String SUITE_JSON = """
            {"experiment": "article", "source": "/x/article.yaml", "profile": "tiny", "sets": ["a=1"],
             "status": "done", "started": "2026-12-03T10:16:04.221756234Z", "updated": "2026-12-03T10:17:05.591265459Z",
             "environment": null, "steps": [], "tags": null, "trialStarts": [], "selection": null, "loads": [],
             "rounds": null, "observed": null, "bracket": null}""";

    @Test
    void stepJsonReadsItsSettingsFiguresIntoOneGroupAndWritesThemFlat() throws Exception {
        StepResult step = Json.parse(STEP_JSON, StepResult.class);
        assertThat(step.settings()).isEqualTo(new StepResult.Settings(true, 22, 21));
        assertSameKeysAndValues(Json.line(step), STEP_JSON);
    }

    @Test
    void suiteJsonReadsWhatRanAndWhereItStandsIntoGroupsAndWritesThemFlat() throws Exception {
        SuiteRecord suite = Json.parse(SUITE_JSON, SuiteRecord.class);
        assertThat(suite.origin()).isEqualTo(new SuiteRecord.Origin("article", "/x/article.yaml", "tiny", List.of("a=1")));
        assertThat(suite.progress()).isEqualTo(new SuiteRecord.Progress("done",
                Instant.parse("2026-12-03T10:16:04.221756234Z"), Instant.parse("2026-12-03T10:17:05.591265459Z")));
        assertSameKeysAndValues(Json.line(suite), SUITE_JSON);
    }

    @Test
    void groupsLeftOutWriteTheirKeysAsBeforeNotNothing() throws Exception {
        StepResult step = new StepResult(1, "s", 1, StepStatus.DONE, null, null, null, null, null, null, null);
        assertThat(keys(Json.tree(Json.line(step)))).containsExactlyElementsOf(keys(Json.tree(STEP_JSON)));
        SuiteRecord suite = new SuiteRecord(null, null, null, List.of(), null);
        assertThat(keys(Json.tree(Json.line(suite)))).containsExactlyElementsOf(keys(Json.tree(SUITE_JSON)));
    }

    private static void assertSameKeysAndValues(String written, String before) throws Exception {
        JsonNode after = Json.tree(written);
        assertThat(after).isEqualTo(Json.tree(before));
        assertThat(keys(after)).containsExactlyElementsOf(keys(Json.tree(before)));
    }

    private static List<String> keys(JsonNode object) {
        List<String> keys = new ArrayList<>();
        object.fieldNames().forEachRemaining(keys::add);
        return keys;
    }
}
