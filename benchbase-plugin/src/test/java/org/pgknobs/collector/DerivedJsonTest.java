package org.pgknobs.collector;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.pgknobs.json.Json;

/**
 * pgstats.json's {@code derived} object keeps one flat key per figure, in the order files had before Derived's figures
 * were grouped into topic records: files written before read, and new files write the same keys.
 */
@Tag("unit")
class DerivedJsonTest {

    private static final String BEFORE_GROUPING = """
            {"seconds": 20.0, "transactions": 55, "transactionsSource": "pg_stat_database", "transactionsPerSecond": 2.75,
             "clientHitRatio": 0.99, "walBytes": {"total": 800.0, "perSecond": 40.0, "perTransaction": 14.5},
             "walRecords": {"total": 10.0, "perSecond": 0.5, "perTransaction": 0.2},
             "walFpi": {"total": 1.0, "perSecond": 0.05, "perTransaction": 0.02}, "fpiShare": 0.1, "checkpoints": null,
             "ioByBackendType": {}, "autovacuumRuns": {"total": 2.0, "perSecond": 0.1, "perTransaction": 0.04},
             "autovacuumPerMinute": 6.0, "autoanalyzeRuns": null, "autoanalyzePerMinute": null, "deadlocks": 1,
             "tempBytes": null, "waitSamples": 7, "topWaitEvents": [{"waitEventType": "LWLock", "waitEvent": "WALWrite", "samples": 7,
             "share": 1.0}], "autovacuum": null}""";

    @Test
    void aFileWrittenBeforeTheGroupingReadsIntoTheGroupsAndWritesBackTheSameKeys() throws Exception {
        Derived d = Json.parse(BEFORE_GROUPING, Derived.class);
        assertThat(d.txns()).isEqualTo(new Derived.Transactions(55L, "pg_stat_database", 2.75));
        assertThat(d.wal().bytes().perTransaction()).isEqualTo(14.5);
        assertThat(d.wal().fpiShare()).isEqualTo(0.1);
        assertThat(d.maintenance().autovacuumPerMinute()).isEqualTo(6.0);
        assertThat(d.maintenance().autoanalyzeRuns()).isNull();
        assertThat(d.waits().samples()).isEqualTo(7);
        assertThat(d.waits().top()).extracting(WaitShare::waitEvent).containsExactly("WALWrite");

        JsonNode before = Json.tree(BEFORE_GROUPING);
        JsonNode after = Json.tree(Json.line(d));
        assertThat(after).isEqualTo(before);
        assertThat(keys(after)).containsExactlyElementsOf(keys(before));
    }

    @Test
    void groupsLeftOutWriteTheirKeysAsNullNotNothing() throws Exception {
        Derived empty = new Derived(1.0, null, null, null, null, null, null, null, null, null, null);
        assertThat(keys(Json.tree(Json.line(empty)))).containsExactlyElementsOf(keys(Json.tree(BEFORE_GROUPING)));
    }

    private static List<String> keys(JsonNode object) {
        List<String> keys = new ArrayList<>();
        object.fieldNames().forEachRemaining(keys::add);
        return keys;
    }
}
