package org.pgknobs.overlay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.pgknobs.BadInputException;

/** Preflight rules over a hand-made catalog; the same rules against a real server are in OverlayEngineTest. */
@Tag("unit")
class PreflightTest {

    private static final SettingsCatalog CATALOG = new SettingsCatalog(List.of(
            SettingValueTest.SHARED_BUFFERS, SettingValueTest.WORK_MEM, SettingValueTest.WAL_COMPRESSION,
            new Setting("autovacuum_vacuum_scale_factor", "0.2", null, "real", "sighup", List.of(), "0", "100", false, "default"),
            new Setting("io_method", "worker", null, "enum", "postmaster", List.of("sync", "worker"), null, null, false, "default"),
            new Setting("wal_segment_size", "16777216", "B", "integer", "internal", List.of(), "1048576", "1073741824", false, "default")));

    @Test
    void everyProblemOfTheMapIsReportedTogether() {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("work_mem", "8MB");
        settings.put("autovacuum_scale_factor", 0.1);
        settings.put("io_method", "io_uring");
        settings.put("shared_buffers", "8XB");
        settings.put("wal_segment_size", "256MB");

        assertThatThrownBy(() -> Preflight.require(CATALOG, settings, "test server"))
                .isInstanceOf(BadInputException.class)
                .satisfies(e -> assertThat(((OverlayRejectedException) e).problems()).extracting(Problem::name)
                        .containsExactly("autovacuum_scale_factor", "io_method", "shared_buffers", "wal_segment_size"))
                .hasMessageContaining("4 problems; nothing was changed")
                .hasMessageContaining("did you mean autovacuum_vacuum_scale_factor?")
                .hasMessageContaining("accepted values: sync, worker")
                .hasMessageContaining("configure --with-liburing")
                .hasMessageContaining("--pg-bin")
                .hasMessageContaining("initdb --wal-segsize");
    }

    @Test
    void namesAreCaseInsensitiveAndDuplicatesByCaseAreRejected() {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("Work_Mem", "8MB");
        assertThat(Preflight.check(CATALOG, settings)).isEmpty();
        settings.put("WORK_MEM", "16MB");
        assertThat(Preflight.check(CATALOG, settings)).extracting(Problem::message)
                .containsExactly("given twice (parameter names are case-insensitive)");
    }

    @Test
    void aNameFarFromAnyRealOneGetsNoSuggestion() {
        assertThat(Preflight.check(CATALOG, Map.of("completely_unrelated_knob", 1)))
                .extracting(Problem::message).containsExactly("unknown parameter");
    }
}
