package org.pgknobs.report.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.pgknobs.report.EffectInterval;
import org.pgknobs.report.ReportData;

/**
 * The versions table's cells: a ratio with its interval, and where every cell lacks an interval for one reason (one
 * repeat a side, as the tiny profile runs), that reason once under the table, not in each of its cells.
 */
@Tag("unit")
class VersionsTableTest {

    private static ReportData.VersionCell cell(double value, EffectInterval i) {
        return new ReportData.VersionCell("done", value, value / 100, null, i);
    }

    private static ReportData data(EffectInterval a, EffectInterval b) {
        ReportData.VersionCell ref = new ReportData.VersionCell("done", 100.0, null, null, null);
        ReportData.VersionTable table = new ReportData.VersionTable(List.of(12, 18), 18, List.of(
                new ReportData.VersionRow("base", List.of(cell(120, a), ref)),
                new ReportData.VersionRow("a16", List.of(new ReportData.VersionCell("n/a", null, null,
                        "not applicable on 12: no such setting autovacuum_vacuum_insert_scale_factor", null), ref)),
                new ReportData.VersionRow("a17", List.of(cell(90, b), ref))));
        return new ReportData(ReportData.SCHEMA_VERSION, "now", "base", List.of(), List.of(), table, List.of());
    }

    @Test
    void aReasonEveryCellSharesIsSaidOnceUnderTheTable() {
        String md = new MarkdownReport().render(data(EffectInterval.ratio("18", List.of(100.0), List.of(120.0)),
                EffectInterval.ratio("18", List.of(100.0), List.of(90.0))));
        String reason = EffectInterval.ratio("18", List.of(100.0), List.of(120.0)).noInterval();
        assertThat(md).contains("| base | 120 (1.20 (no interval)) | 100 |").contains("| a17 | 90.0 (0.90 (no interval)) | 100 |")
                .contains("(no interval): " + reason + " — the same in every such cell of this table.")
                .contains("a16 on 12: n/a, not applicable on 12: no such setting autovacuum_vacuum_insert_scale_factor");
        assertThat(md.split(java.util.regex.Pattern.quote(reason), -1)).as("the reason once").hasSize(2);
    }

    @Test
    void cellsWithIntervalsKeepThem() {
        EffectInterval a = EffectInterval.ratio("18", List.of(100.0, 104.0, 98.0), List.of(120.0, 123.0, 119.0));
        EffectInterval b = EffectInterval.ratio("18", List.of(100.0, 104.0, 98.0), List.of(90.0, 93.0, 89.0));
        String md = new MarkdownReport().render(data(a, b));
        assertThat(md).contains("| base | 120 (" + Fmt.ratio(a.ratio(), a) + ") | 100 |")
                .doesNotContain("the same in every such cell");
        assertThat(a.present()).isTrue();
    }
}
