package org.pgknobs.overlay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** guc.c's value rules, pinned without a server: rows shaped like PostgreSQL 18's pg_settings. */
@Tag("unit")
class SettingValueTest {

    static Setting integer(String name, String setting, String unit, String min, String max) {
        return new Setting(name, setting, unit, "integer", "sighup", List.of(), min, max, false, "default");
    }

    static final Setting SHARED_BUFFERS = integer("shared_buffers", "16384", "8kB", "16", "1073741823");
    static final Setting WORK_MEM = integer("work_mem", "4096", "kB", "64", "2147483647");
    static final Setting WAL_WRITER_FLUSH_AFTER = integer("wal_writer_flush_after", "128", "8kB", "0", "2147483647");
    static final Setting CHECKPOINT_TIMEOUT = integer("checkpoint_timeout", "300", "s", "30", "86400");
    static final Setting WAL_WRITER_DELAY = integer("wal_writer_delay", "200", "ms", "1", "10000");
    static final Setting MIN_WAL_SIZE = integer("min_wal_size", "80", "MB", "2", "2147483647");
    static final Setting RANDOM_PAGE_COST = new Setting("random_page_cost", "4", null, "real", "user", List.of(),
            "0", "1.79769e+308", false, "default");
    static final Setting LOGGING_COLLECTOR = new Setting("logging_collector", "off", null, "bool", "postmaster", List.of(),
            null, null, false, "default");
    static final Setting WAL_COMPRESSION = new Setting("wal_compression", "off", null, "enum", "superuser",
            List.of("pglz", "on", "off"), null, null, false, "default");
    static final Setting LOG_DESTINATION = new Setting("log_destination", "stderr", null, "string", "sighup", List.of(),
            null, null, false, "default");

    static SettingValue parse(Setting s, Object v) throws InvalidValueException {
        return SettingValue.parse(s, v);
    }

    static boolean sameAsShown(Setting s, Object requested, String shown) throws InvalidValueException {
        Setting now = new Setting(s.name(), shown, s.unit(), s.vartype(), s.context(), s.enumvals(), s.minVal(),
                s.maxVal(), false, "configuration file");
        return parse(s, requested).matches(SettingValue.effective(now));
    }

    @Test
    void memoryUnitsConvertToTheSettingsOwnUnit() throws Exception {
        assertThat(parse(SHARED_BUFFERS, "8MB").number()).isEqualTo(1024.0);
        assertThat(parse(SHARED_BUFFERS, "1GB").number()).isEqualTo(131072.0);
        assertThat(parse(WORK_MEM, "128kB").number()).isEqualTo(128.0);
        assertThat(parse(MIN_WAL_SIZE, "1GB").number()).isEqualTo(1024.0);
        assertThat(sameAsShown(SHARED_BUFFERS, "8MB", "1024")).isTrue();
        assertThat(sameAsShown(SHARED_BUFFERS, "8MB", "2048")).isFalse();
    }

    @Test
    void whitespaceBetweenNumberAndUnitIsAcceptedLikePostgres() throws Exception {
        assertThat(parse(SHARED_BUFFERS, "8 MB").number()).isEqualTo(1024.0);
    }

    @Test
    void unitsAreCaseSensitiveAndUnknownOnesListTheAcceptedUnits() {
        assertThatThrownBy(() -> parse(SHARED_BUFFERS, "8XB"))
                .hasMessageContaining("unknown unit \"XB\"")
                .hasMessageContaining("Valid units for this parameter are \"B\", \"kB\", \"MB\", \"GB\", and \"TB\".");
        assertThatThrownBy(() -> parse(SHARED_BUFFERS, "8mb")).hasMessageContaining("unknown unit \"mb\"");
        assertThatThrownBy(() -> parse(CHECKPOINT_TIMEOUT, "30sec"))
                .hasMessageContaining("\"us\", \"ms\", \"s\", \"min\", \"h\", and \"d\"");
    }

    @Test
    void aNumberWithoutUnitIsInTheSettingsUnit() throws Exception {
        assertThat(sameAsShown(CHECKPOINT_TIMEOUT, 30, "30")).isTrue();
        assertThat(parse(CHECKPOINT_TIMEOUT, "30").number()).isEqualTo(parse(CHECKPOINT_TIMEOUT, "30s").number());
        assertThat(parse(CHECKPOINT_TIMEOUT, "0.5min").number()).isEqualTo(30.0);
        assertThat(parse(CHECKPOINT_TIMEOUT, "1h").number()).isEqualTo(3600.0);
        assertThat(parse(WAL_WRITER_DELAY, "1").number()).isEqualTo(1.0);
        assertThat(parse(WAL_WRITER_DELAY, "1000us").number()).isEqualTo(1.0);
        assertThat(parse(WAL_WRITER_DELAY, "1s").number()).isEqualTo(1000.0);
    }

    @Test
    void fractionsRoundToTheNextSmallerUnitThenHalfToEvenLikeCRint() throws Exception {
        assertThat(parse(WORK_MEM, "64.5kB").number()).isEqualTo(64.0);
        assertThat(parse(WORK_MEM, "65.5kB").number()).isEqualTo(66.0);
        assertThat(parse(WORK_MEM, "0.5MB").number()).isEqualTo(512.0);
        assertThat(parse(WAL_WRITER_FLUSH_AFTER, "100kB").number()).isEqualTo(12.0);
        assertThat(parse(WAL_WRITER_FLUSH_AFTER, "12kB").number()).isEqualTo(2.0);
        assertThat(parse(WAL_WRITER_FLUSH_AFTER, "1B").number()).isEqualTo(0.0);
    }

    @Test
    void integersAcceptHexLikeStrtol() throws Exception {
        assertThat(parse(CHECKPOINT_TIMEOUT, "0x40").number()).isEqualTo(64.0);
    }

    @Test
    void rangeIsCheckedAfterUnitConversion() {
        assertThatThrownBy(() -> parse(SHARED_BUFFERS, "64kB"))
                .hasMessageContaining("outside the valid range for parameter \"shared_buffers\" (16 8kB .. 1073741823 8kB)")
                .hasMessageContaining("as given it is 8 8kB");
        assertThatThrownBy(() -> parse(CHECKPOINT_TIMEOUT, "2d")).hasMessageContaining("outside the valid range");
    }

    @Test
    void unitlessSettingsRejectAUnit() {
        assertThatThrownBy(() -> parse(RANDOM_PAGE_COST, "1ms")).hasMessageContaining("takes no unit");
    }

    @Test
    void realsCompareAsNumbersWhateverTheirSpelling() throws Exception {
        assertThat(sameAsShown(RANDOM_PAGE_COST, "1e300", "1e+300")).isTrue();
        assertThat(sameAsShown(RANDOM_PAGE_COST, 1.0e300, "1e+300")).isTrue();
        assertThat(sameAsShown(RANDOM_PAGE_COST, 1.1, "1.1")).isTrue();
        assertThat(sameAsShown(RANDOM_PAGE_COST, "0.123456789", "0.123457")).isTrue();
        assertThat(sameAsShown(RANDOM_PAGE_COST, "2", "1.1")).isFalse();
        assertThatThrownBy(() -> parse(RANDOM_PAGE_COST, "1e400")).hasMessageContaining("out of range");
        assertThat(SettingValue.text(1.0e300)).isEqualTo("1e+300");
        assertThat(SettingValue.text(0.5)).isEqualTo("0.5");
    }

    @Test
    void booleansAcceptEveryPostgresSpellingAndYamlBooleans() throws Exception {
        for (Object on : List.of("on", "ON", "true", "t", "yes", "y", "1", Boolean.TRUE)) {
            assertThat(parse(LOGGING_COLLECTOR, on).text()).as("%s", on).isEqualTo("on");
        }
        for (Object off : List.of("off", "of", "FALSE", "f", "no", "n", "0", Boolean.FALSE)) {
            assertThat(parse(LOGGING_COLLECTOR, off).text()).as("%s", off).isEqualTo("off");
        }
        assertThatThrownBy(() -> parse(LOGGING_COLLECTOR, "o")).hasMessageContaining("requires a Boolean value");
        assertThatThrownBy(() -> parse(LOGGING_COLLECTOR, "enabled")).hasMessageContaining("requires a Boolean value");
    }

    @Test
    void enumsAreCaseInsensitiveAndRejectionsListTheAcceptedValues() throws Exception {
        assertThat(parse(WAL_COMPRESSION, "PGLZ").text()).isEqualTo("pglz");
        assertThat(parse(WAL_COMPRESSION, Boolean.FALSE).text()).isEqualTo("off");
        assertThat(sameAsShown(WAL_COMPRESSION, "on", "pglz")).as("PostgreSQL shows wal_compression=on as pglz").isTrue();
        assertThat(sameAsShown(WAL_COMPRESSION, Boolean.TRUE, "pglz")).isTrue();
        assertThatThrownBy(() -> parse(WAL_COMPRESSION, "lz4")).hasMessageContaining("accepted values: pglz, on, off");
    }

    @Test
    void listsCompareElementWiseIgnoringBlanksAfterCommas() throws Exception {
        assertThat(sameAsShown(LOG_DESTINATION, "stderr, jsonlog", "stderr,jsonlog")).isTrue();
        assertThat(sameAsShown(LOG_DESTINATION, "stderr,csvlog", "stderr,jsonlog")).isFalse();
    }

    @Test
    void yamlIntegersAndLongsAreAccepted() throws Exception {
        assertThat(parse(WORK_MEM, 65536).number()).isEqualTo(65536.0);
        assertThat(parse(WORK_MEM, 65536L).number()).isEqualTo(65536.0);
        assertThatThrownBy(() -> parse(WORK_MEM, 4_000_000_000L)).hasMessageContaining("exceeds integer range");
    }
}
