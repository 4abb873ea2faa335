package org.pgknobs.sidebyside.insertbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** iibench.py's output as it prints it (lines copied from a run of its 2023 version), read back. */
@Tag("unit")
class IibenchReportTest {

    @TempDir
    Path dir;

    @Test
    void theIndexStepGivesHisOwnCreateIndexSecondsAndNoRows() throws Exception {
        Path out = Files.writeString(dir.resolve("o.ib.1"), """
                i_sec\tt_sec\ti_ips\tt_ips\ti_dps\tt_dps\ti_qps\tt_qps\tmax_i\tmax_d\tmax_q\tt_ins\tt_del\tt_query\tretry_i\tretry_d\tretry_q
                1.0\t1.0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0
                Insert rt:     256us       1ms       4ms      16ms      64ms     256ms        1s        4s       16s        gt         max
                Created secondary indexes in 0.7 seconds
                Totals: 1.7 secs, 0.0 rows/sec, 0 rows, 0 0 0 insert-delete-query retry
                Done
                """);
        IibenchReport r = IibenchReport.parse(out);
        assertThat(r.indexSeconds()).hasValue(0.7);
        assertThat(r.rowsInserted()).isZero();
    }

    @Test
    void anInsertStepHasItsSteadyRateFromTheLineBeforeTheLastAndNoIndexSeconds() throws Exception {
        Path out = Files.writeString(dir.resolve("o.ib.1"), """
                i_sec\tt_sec\ti_ips\tt_ips\ti_dps\tt_dps\ti_qps\tt_qps\tmax_i\tmax_d\tmax_q\tt_ins\tt_del\tt_query\tretry_i\tretry_d\tretry_q
                1.0\t1.0\t40000\t40000\t0\t0\t0\t0\t0\t0\t0\t40000\t0\t0\t0\t0\t0
                1.0\t2.0\t42000\t41000\t0\t0\t0\t0\t0\t0\t0\t82000\t0\t0\t0\t0\t0
                0.5\t2.5\t36000\t40000\t0\t0\t0\t0\t0\t0\t0\t100000\t0\t0\t0\t0\t0
                Totals: 2.5 secs, 40000.0 rows/sec, 100000 rows, 0 0 0 insert-delete-query retry
                """);
        IibenchReport r = IibenchReport.parse(out);
        assertThat(r.indexSeconds()).isEmpty();
        assertThat(r.rowsInserted()).isEqualTo(100_000);
        assertThat(r.steadyRate()).hasValue(41_000.0);
    }
}
