package org.pgknobs.json;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * The one Jackson configuration for every JSON file and line pgknobs writes or reads: indented files,
 * ISO-8601 times, and readers that ignore fields a newer pgknobs added, so an older result directory
 * and a newer one can be read alike.
 */
public final class Json {

    // Configured once here and never changed afterwards; only immutable writers/readers leave this class.
    private static final ObjectMapper MAPPER = new ObjectMapper()
            // explicitly, not findAndRegisterModules(): the output must not depend on what else is on the
            // class path (the agent runs inside BenchBase's), and scanning it can delay the collector's first
            // write, which happens under its lock between the warm-up and the measured window
            .registerModule(new JavaTimeModule())
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private static final ObjectWriter COMPACT = MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT);
    // PostgreSQL prints an overflowing float as a bare Infinity (EXPLAIN's costs under cost settings of 1e300)
    private static final ObjectReader LENIENT = MAPPER.reader().with(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS);

    private Json() {
    }

    /** Writes {@code value} as an indented JSON file, atomically. */
    public static void write(Path file, Object value) {
        AtomicFiles.write(file, out -> MAPPER.writeValue(out, value));
    }

    /** {@code value} as the indented JSON text {@link #write} writes. */
    public static String text(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot render " + value.getClass().getSimpleName() + " as JSON: " + e.getMessage(), e);
        }
    }

    public static <T> T read(Path file, Class<T> type) {
        try {
            return parse(file, type);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** Like {@link #read}, for callers that say in their own words what the file should have been. */
    public static <T> T parse(Path file, Class<T> type) throws IOException {
        return MAPPER.readValue(file.toFile(), type);
    }

    public static JsonNode readTree(Path file) throws IOException {
        return MAPPER.readTree(file.toFile());
    }

    /** One JSON value as {@code type} (a line another pgknobs process printed), NaN and Infinity accepted. */
    public static <T> T parse(String text, Class<T> type) throws IOException {
        return LENIENT.forType(type).readValue(text);
    }

    /** JSON text as a tree, accepting the bare NaN and Infinity that PostgreSQL's JSON output may hold. */
    public static JsonNode tree(String text) throws IOException {
        return LENIENT.readTree(text);
    }

    /** One line of JSON (a command's machine-readable last line). */
    public static String line(Object value) {
        try {
            return COMPACT.writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot render " + value.getClass().getSimpleName() + " as JSON: " + e.getMessage(), e);
        }
    }
}
