package org.pgknobs.benchbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("unit")
class BenchBaseReadersTest {

    static Path fixture(String name) throws URISyntaxException {
        return Path.of(BenchBaseReadersTest.class.getResource("/benchbase/" + name).toURI());
    }

    @Test
    void readsSummaryKeysAsBenchBaseWritesThem() throws Exception {
        BenchBaseSummary s = SummaryReader.read(fixture("tpcc_2026-01-01_00-00-00.summary.json"));
        assertThat(s.benchmarkType()).isEqualTo("tpcc");
        assertThat(s.dbmsType()).isEqualTo("POSTGRES");
        assertThat(s.finalState()).isEqualTo("DONE");
        assertThat(s.measuredRequests()).isEqualTo(6);
        assertThat(s.terminals()).isEqualTo("8");
        assertThat(s.scalefactor()).isEqualTo("4");
        assertThat(s.isolation()).isEqualTo("TRANSACTION_SERIALIZABLE");
        assertThat(s.startTimestampMs()).isEqualTo(1767225600000L);
        assertThat(s.elapsedNanos()).isEqualTo(10000532100L);
        assertThat(s.throughput()).isEqualTo(0.5999680817);
        assertThat(s.goodput()).isEqualTo(0.8999521226);
        assertThat(s.latency().medianUs()).isEqualTo(2100);
        assertThat(s.latency().p99Us()).isEqualTo(6100);
        assertThat(s.latency().isEmpty()).isFalse();
        assertThat(s.other()).isEmpty();
    }

    @Test
    void minusOnePercentilesMeanNoSamplesAndBecomeEmpty() throws Exception {
        BenchBaseSummary s = SummaryReader.read(fixture("empty.summary.json"));
        assertThat(s.latency().isEmpty()).isTrue();
        assertThat(s.latency().minimumUs()).isNull();
        assertThat(s.latency().p95Us()).isNull();
    }

    @Test
    void keepsKeysOfOtherBenchBaseVersions(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("x.summary.json");
        Files.writeString(f, "{\"Benchmark Type\": \"tpcc\", \"yaml_version\": \"v1.0\"}");
        BenchBaseSummary s = SummaryReader.read(f);
        assertThat(s.other()).containsEntry("yaml_version", "v1.0");
        assertThat(s.latency().isEmpty()).isTrue();
        assertThat(s.goodput()).isNull();
    }

    @Test
    void readsSamplesWithEmptyBucketsAsNoLatency() throws Exception {
        List<Sample> samples = CsvFiles.readSamples(fixture("tpcc_2026-01-01_00-00-00.samples.csv"));
        assertThat(samples).hasSize(3);
        assertThat(samples.get(0).requests()).isEqualTo(3);
        assertThat(samples.get(0).medianUs()).isEqualTo(2100);
        assertThat(samples.get(1).requests()).isZero();
        assertThat(samples.get(1).medianUs()).isNull();
        assertThat(samples.get(2).timeSeconds()).isEqualTo(2);
        assertThat(samples.get(2).maximumUs()).isEqualTo(6100);
    }

    @Test
    void readsRawRowsWithEpochSecondStarts() throws Exception {
        List<RawSample> raw = CsvFiles.readRaw(fixture("tpcc_2026-01-01_00-00-00.raw.csv"));
        assertThat(raw).hasSize(6);
        RawSample first = raw.get(0);
        assertThat(first.transactionTypeIndex()).isEqualTo(1);
        assertThat(first.transactionName()).isEqualTo("NewOrder");
        assertThat(first.startEpochSeconds()).isEqualTo(1767225602.1);
        assertThat(first.latencyUs()).isEqualTo(1200);
        assertThat(raw.get(1).workerId()).isEqualTo(1);
        assertThat(raw.get(2).endEpochSeconds()).isEqualTo(1767225604.1, org.assertj.core.data.Offset.offset(1e-6));
    }

    @Test
    void goodputCountsOnlyTransactionsCompletedInsideTheWindow() throws Exception {
        Path raw = fixture("tpcc_2026-01-01_00-00-00.raw.csv");
        // window [1767225602, 1767225612): rows 1-5 end inside, row 6 ends after it
        MeasuredGoodput g = MeasuredGoodput.over(raw, 1767225602.0, 1767225612.0);
        assertThat(g.transactions()).isEqualTo(5);
        assertThat(g.seconds()).isEqualTo(10.0);
        assertThat(g.perSecond()).isEqualTo(0.5);
        // a window starting at 1767225604.0 excludes the first two and the slow NewOrder ending at 604.1 is in
        MeasuredGoodput later = MeasuredGoodput.over(raw, 1767225604.0, 1767225612.0);
        assertThat(later.transactions()).isEqualTo(3);
    }

    @Test
    void goodputOverMeasuredTimeStartsAtTheFirstMeasuredTransaction() throws Exception {
        MeasuredGoodput g = MeasuredGoodput.overMeasuredTime(fixture("tpcc_2026-01-01_00-00-00.raw.csv"), 4.0);
        // [602.1, 606.1): ends at 602.1012, 602.5015, 604.1 and 605.0021
        assertThat(g.transactions()).isEqualTo(4);
        assertThat(g.perSecond()).isEqualTo(1.0);
    }

    @Test
    void rejectsAFileOfAnotherKindNamingFileAndLine(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("x.raw.csv");
        Files.writeString(f, "a,b\n1,2\n");
        assertThatThrownBy(() -> CsvFiles.readRaw(f)).hasMessageContaining("x.raw.csv:1").hasMessageContaining("Transaction Type Index");
        Path g = dir.resolve("y.raw.csv");
        Files.writeString(g, CsvFiles.RAW_HEADER_START + " (microseconds),Latency (microseconds),W,P\n1,NewOrder,abc,1,0,0\n");
        assertThatThrownBy(() -> CsvFiles.readRaw(g)).hasMessageContaining("y.raw.csv:2");
    }
}
