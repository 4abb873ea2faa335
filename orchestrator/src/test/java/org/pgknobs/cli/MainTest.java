package org.pgknobs.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.pgknobs.testing.CliRun;

class MainTest {

    @Test
    void helpListsEverySubcommand() {
        CliRun.Result r = CliRun.execute("--help");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("run", "validate", "apply", "server", "tpcc", "bench", "insertbench");
    }

    @Test
    void unknownOptionIsBadInputWithAPointerToHelp() {
        CliRun.Result r = CliRun.execute("run", "experiments/article-42000x.yaml", "--no-such-option");
        assertThat(r.exitCode()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).contains("--no-such-option").contains("--help");
    }
}
