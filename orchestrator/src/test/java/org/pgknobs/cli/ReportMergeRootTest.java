package org.pgknobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** A merge of shards records in the results directory they ran into, not in the working directory's results/. */
@Tag("unit")
class ReportMergeRootTest {

    @Test
    void shardsOfOneOutShareItAndShardsOfSeveralShareTheirNearestAncestor() {
        assertThat(ReportCommand.resultsRoot(List.of(Path.of("/r/out/sweep/2026-12-04T10-00-00-shard1of2"),
                Path.of("/r/out/sweep/2026-12-04T10-00-01-shard2of2")))).isEqualTo(Path.of("/r/out"));
        assertThat(ReportCommand.resultsRoot(List.of(Path.of("/r/results/shard-1/sweep/a-shard1of3"),
                Path.of("/r/results/shard-2/sweep/b-shard2of3"), Path.of("/r/results/shard-3/sweep/c-shard3of3"))))
                .isEqualTo(Path.of("/r/results"));
        assertThat(ReportCommand.resultsRoot(List.of(Path.of("results/sweep/x-shard1of1"))))
                .isEqualTo(Path.of("results").toAbsolutePath());
    }
}
