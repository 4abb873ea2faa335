package org.pgknobs.collector;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;

/**
 * pgstats.csv, appended round by round so a crashed run keeps its series: long format
 * {@code timestamp_ms,phase,metric,labels,value}. Counter values are deltas since the previous round;
 * zero deltas are left out to keep the file small.
 */
final class SeriesWriter implements AutoCloseable {

    static final String HEADER = "timestamp_ms,phase,metric,labels,value";

    private Path file;
    private final BufferedWriter out;

    SeriesWriter(Path file) {
        this.file = file;
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
            out.write(HEADER);
            out.newLine();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    Path file() {
        return file;
    }

    void append(Snapshot previous, Snapshot current, String phase) {
        try {
            String ts = Long.toString(current.timestampMs());
            String ph = csv(phase == null ? "" : phase);
            for (Map.Entry<String, List<StatRow>> g : Deltas.between(previous, current).entrySet()) {
                for (StatRow r : g.getValue()) {
                    String labels = csv(r.labelText());
                    for (Map.Entry<String, Number> v : r.values().entrySet()) {
                        if (v.getValue().doubleValue() != 0) {
                            line(ts, ph, g.getKey() + "." + v.getKey(), labels, v.getValue());
                        }
                    }
                }
            }
            for (Map.Entry<String, Long> w : current.waitSamples().entrySet()) {
                String[] p = w.getKey().split(":", 2);
                line(ts, ph, "waits.samples", csv("wait_event_type=" + p[0] + ";wait_event=" + (p.length > 1 ? p[1] : "")),
                        w.getValue());
            }
            if (current.sireadLocks() != null) {
                for (SireadCount c : current.sireadLocks()) {
                    line(ts, ph, "siread_locks." + c.granularity(), csv("relation=" + c.relation()), c.count());
                }
            }
            line(ts, ph, "collector.round_ms", "", Math.round(current.costMs() * 1000) / 1000.0);
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to " + file + ": " + e.getMessage(), e);
        }
    }

    private void line(String ts, String phase, String metric, String labels, Number value) throws IOException {
        out.write(ts + "," + phase + "," + metric + "," + labels + "," + value);
        out.newLine();
    }

    static String csv(String s) {
        if (s.contains(",") || s.contains("\"") || s.contains("\n")) {
            return "\"" + s.replace("\"", "\"\"") + "\"";
        }
        return s;
    }

    /** Closes and renames the file (the agent learns BenchBase's prefix only at the end). */
    void closeAs(Path target) {
        close();
        if (!target.equals(file)) {
            try {
                Files.move(file, target, StandardCopyOption.REPLACE_EXISTING);
                file = target;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot move " + file + " to " + target + ": " + e.getMessage(), e);
            }
        }
    }

    @Override
    public void close() {
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
