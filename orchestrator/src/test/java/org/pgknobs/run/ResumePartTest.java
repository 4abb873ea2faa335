package org.pgknobs.run;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.pgknobs.BadInputException;
import org.pgknobs.results.RunTags;
import org.pgknobs.results.SuiteRecord;

/** --resume continues a shard or version directory only as that same part of the run. */
@Tag("unit")
class ResumePartTest {

    private static SuiteRecord earlier(RunTags tags) {
        return new SuiteRecord(new SuiteRecord.Origin("t", "t.yaml", null, List.of()),
                new SuiteRecord.Progress("interrupted", Instant.now(), Instant.now()), null, List.of(), tags);
    }

    @Test
    void theSameShardAndVersionResume() {
        assertThatCode(() -> StepOrder.checkSamePart(Path.of("d"), earlier(new RunTags(16, "2/4", "host-a")),
                new RunTags(16, "2/4", "host-b"))).as("another host may finish it").doesNotThrowAnyException();
        assertThatCode(() -> StepOrder.checkSamePart(Path.of("d"), earlier(null), new RunTags(null, null, "h")))
                .as("a directory from before tags existed is a whole run").doesNotThrowAnyException();
    }

    @Test
    void anotherShardOrVersionIsBadInput() {
        assertThatThrownBy(() -> StepOrder.checkSamePart(Path.of("d"), earlier(new RunTags(null, "2/4", "h")),
                new RunTags(null, null, "h")))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("--resume d holds the one build shard 2/4, not the one build (whole plan)");
        assertThatThrownBy(() -> StepOrder.checkSamePart(Path.of("d"), earlier(new RunTags(17, null, "h")),
                new RunTags(18, null, "h")))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("holds PostgreSQL 17 (whole plan), not PostgreSQL 18 (whole plan)");
    }
}
