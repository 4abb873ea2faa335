package org.pgknobs.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Folding on a perf script output recorded here (perf 6.1, cpu-clock at 99 Hz, --call-graph dwarf, -k mono,
 * the embedded PostgreSQL 18 under a few seq scans, updates and a checkpoint; 28 samples).
 */
@Tag("unit")
class PerfScriptFoldingTest {

    private static final long ALL_START = 10467_000_000_000L;
    private static final long ALL_END = 10470_000_000_000L;

    private static PerfScriptFolding.Result fold(TimeWindow... windows) throws Exception {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                PerfScriptFoldingTest.class.getResourceAsStream("/profile/perf-script-dwarf.txt"), StandardCharsets.UTF_8))) {
            return PerfScriptFolding.fold(in, List.of(windows));
        }
    }

    @Test
    void everySampleIsFoldedRootFirstWithTheProcessNameAsTheRoot() throws Exception {
        PerfScriptFolding.Result r = fold(new TimeWindow("all", ALL_START, ALL_END));

        assertThat(r.samplesRead()).isEqualTo(28);
        assertThat(r.samplesInWindows()).isEqualTo(28);
        assertThat(r.stacks().samples()).isEqualTo(28);
        assertThat(r.stacks().counts()).containsKey("postgres;_start;__libc_start_main_impl;__libc_start_call_main;main;"
                + "PostmasterMain;ServerLoop;postmaster_child_launch;BackendMain;PostgresMain;exec_simple_query;PortalRun;"
                + "PortalRunSelect;standard_ExecutorRun;ExecAgg;fetch_input_tuple;ExecGather;ExecAgg;fetch_input_tuple;"
                + "ExecSeqScanWithQual;ExecInterpExpr");
    }

    @Test
    void functionNamesResolveFromTheEmbeddedBinariesSymbols() throws Exception {
        FoldedStacks s = fold(new TimeWindow("all", ALL_START, ALL_END)).stacks();

        List<String> frames = s.counts().keySet().stream().flatMap(k -> List.of(k.split(";")).stream()).toList();
        assertThat(frames).noneMatch(f -> f.matches("(0x)?[0-9a-f]{4,}"));
        assertThat(s.selfShares()).containsKeys("ExecInterpExpr", "compactify_tuples");
        assertThat(s.totalShares().get("PostgresMain")).isEqualTo(13.0 / 28);
    }

    @Test
    void framesPerfCouldNotNameStayInTheStackAsUnknown() throws Exception {
        FoldedStacks s = fold(new TimeWindow("all", ALL_START, ALL_END)).stacks();

        assertThat(s.counts().keySet()).anyMatch(k -> k.startsWith("postgres;[unknown];") && k.endsWith(";compactify_tuples"));
    }

    @Test
    void onlySamplesInsideTheWindowsAreKeptStartInclusiveEndExclusive() throws Exception {
        PerfScriptFolding.Result r = fold(new TimeWindow("a", 10467_450_451_766L, 10467_996_697_830L),
                new TimeWindow("b", 10468_821_311_820L, 10469_000_000_000L));

        assertThat(r.samplesRead()).isEqualTo(28);
        assertThat(r.samplesInWindows()).isEqualTo(13);
        assertThat(r.stacks().samples()).isEqualTo(13);
    }

    @Test
    void aSampleWithoutFramesCountsUnderItsProcessOnly() throws Exception {
        PerfScriptFolding.Result r = fold(new TimeWindow("early", ALL_START, 10467_200_000_000L));

        assertThat(r.stacks().counts()).containsExactly(java.util.Map.entry(":18841", 3L));
        assertThat(r.stacks().selfShares()).isEmpty();
    }

    @Test
    void headersAndFramesAreReadFromTheRight() {
        assertThat(PerfScriptFolding.header("my proc 12 100.000000005:")).isEqualTo(
                new PerfScriptFolding.Header("my proc", 100_000_000_005L));
        assertThat(PerfScriptFolding.frame("27304 __libc_start_main_impl (inlined)")).isEqualTo("__libc_start_main_impl");
        assertThat(PerfScriptFolding.frame("9d7b8 __strcoll_l (/usr/lib/x86_64-linux-gnu/libc.so.6)")).isEqualTo("__strcoll_l");
        assertThat(PerfScriptFolding.frame("7f01 [unknown] (/usr/lib/x86_64-linux-gnu/libc.so.6)")).isEqualTo("[libc.so.6]");
    }
}
