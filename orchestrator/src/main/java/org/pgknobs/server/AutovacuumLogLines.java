package org.pgknobs.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The autovacuum entries (what log_autovacuum_min_duration makes the workers log: "automatic vacuum of
 * table ...", "automatic analyze of table ...") among a server's log lines, in a time span. Plain-text
 * lines carry their time in log_line_prefix ({@code %m} or {@code %t} first, as PostgreSQL's default
 * {@code '%m [%p] '}); an entry goes on over the tab-indented lines after it. jsonlog lines carry it in
 * {@code "timestamp"}. An entry whose time cannot be read is left out: nothing says it is the window's.
 */
public final class AutovacuumLogLines {

    private static final Pattern MESSAGE = Pattern.compile("automatic (aggressive )?(vacuum|analyze)[a-z ]* of table \\\\?\"");
    private static final Pattern TEXT_TIME = Pattern.compile(
            "^(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}(?:\\.\\d{1,6})?) ([A-Za-z][A-Za-z0-9/_+-]*|[+-]\\d{2}(?::?\\d{2})?)");
    private static final Pattern JSON_TIME = Pattern.compile(
            "\"timestamp\":\"(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}(?:\\.\\d{1,6})?) ([^\"]+)\"");
    private static final DateTimeFormatter LOCAL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss[.SSSSSS][.SSS]");

    private AutovacuumLogLines() {
    }

    /** The entries of {@code files} (in the order given) logged from {@code fromMs} to {@code toMs}, epoch ms. */
    public static List<String> entries(List<Path> files, long fromMs, long toMs) {
        List<String> out = new ArrayList<>();
        for (Path f : files) {
            List<String> lines;
            try {
                lines = Files.readAllLines(f, StandardCharsets.ISO_8859_1);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + f + ": " + e.getMessage(), e);
            }
            boolean inEntry = false;
            for (String line : lines) {
                if (inEntry && line.startsWith("\t")) {
                    out.add(line);
                    continue;
                }
                inEntry = false;
                if (MESSAGE.matcher(line).find()) {
                    Optional<long[]> at = epochMs(line);
                    // %t has whole seconds: an entry in the window's first second counts
                    long from = at.isPresent() && at.get()[1] == 0 ? fromMs - fromMs % 1000 : fromMs;
                    if (at.isPresent() && at.get()[0] >= from && at.get()[0] <= toMs) {
                        out.add(line);
                        inEntry = true;
                    }
                }
            }
        }
        return out;
    }

    /** The line's time in epoch ms and whether it had a fraction of a second (1) or not (0). */
    static Optional<long[]> epochMs(String line) {
        Matcher m = line.startsWith("{") ? JSON_TIME.matcher(line) : TEXT_TIME.matcher(line);
        if (!m.find()) {
            return Optional.empty();
        }
        try {
            LocalDateTime local = LocalDateTime.parse(m.group(1), LOCAL);
            return Optional.of(new long[] {local.atZone(zone(m.group(2))).toInstant().toEpochMilli(),
                    m.group(1).contains(".") ? 1 : 0});
        } catch (java.time.DateTimeException e) { // a zone or date PostgreSQL printed that java.time does not know
            return Optional.empty();
        }
    }

    /** log_timezone as PostgreSQL prints it: an abbreviation (UTC, CET, PST) or an offset (+03, -0530). */
    private static ZoneId zone(String text) {
        if (text.startsWith("+") || text.startsWith("-")) {
            return ZoneOffset.of(text.length() == 3 ? text : text.replace(":", "").replaceFirst("(\\d{2})(\\d{2})$", "$1:$2"));
        }
        return ZoneId.of(text, ZoneId.SHORT_IDS);
    }
}
