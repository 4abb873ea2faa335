package org.pgknobs.overlay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.BadInputException;

@Tag("unit")
class SettingsFileTest {

    @TempDir
    Path dir;

    private Path write(String yaml) throws Exception {
        Path f = dir.resolve("s.yaml");
        Files.writeString(f, yaml);
        return f;
    }

    @Test
    void keepsFileOrderTheTextAsWrittenAndEachNamesLine() throws Exception {
        SettingsFile f = SettingsFile.load(write("# header\nshared_buffers: 8MB\nlogging_collector: on\n"
                + "log_destination: 'stderr,jsonlog'\nlog_line_prefix: '%m [%p] '\nrandom_page_cost: 1e300\n"));
        assertThat(f.settings()).containsExactly(
                Map.entry("shared_buffers", "8MB"), Map.entry("logging_collector", "on"),
                Map.entry("log_destination", "stderr,jsonlog"), Map.entry("log_line_prefix", "%m [%p] "),
                Map.entry("random_page_cost", "1e300"));
        assertThat(f.lines()).containsEntry("shared_buffers", 2).containsEntry("random_page_cost", 6);
    }

    @Test
    void duplicateNamesAreRejectedWithTheirLine() throws Exception {
        Path f = write("work_mem: 1MB\nshared_buffers: 8MB\nwork_mem: 2MB\n");
        assertThatThrownBy(() -> SettingsFile.load(f)).isInstanceOf(BadInputException.class)
                .hasMessageContaining(f + ":3").hasMessageContaining("work_mem");
    }

    @Test
    void nonScalarOrEmptyValuesAreRejectedWithTheirLine() throws Exception {
        Path list = write("work_mem: 1MB\nlog_destination: [stderr, jsonlog]\n");
        assertThatThrownBy(() -> SettingsFile.load(list)).hasMessageStartingWith(list + ":2: log_destination needs a single value");
        Path empty = write("work_mem:\n");
        assertThatThrownBy(() -> SettingsFile.load(empty)).hasMessageStartingWith(empty + ":1: work_mem needs a single value");
    }

    @Test
    void aFileThatIsNotAMapSaysWhatIsExpected() throws Exception {
        Path f = write("- shared_buffers: 8MB\n");
        assertThatThrownBy(() -> SettingsFile.load(f)).hasMessageContaining(f + ":1: expected a map of settings");
        assertThatThrownBy(() -> SettingsFile.load(dir.resolve("missing.yaml"))).hasMessageContaining("does not exist");
    }

    @Test
    void preflightProblemsAreLocatedAtTheirLine() throws Exception {
        SettingsFile f = SettingsFile.load(write("work_mem: 1MB\nautovacuum_scale_factor: 0.1\n"));
        BadInputException located = f.located(new OverlayRejectedException("x",
                List.of(new Problem("autovacuum_scale_factor", "unknown parameter"))));
        assertThat(located.getMessage()).contains(f.path() + ":2: autovacuum_scale_factor: unknown parameter");
    }
}
