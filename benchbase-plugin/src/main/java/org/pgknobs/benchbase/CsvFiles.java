package org.pgknobs.benchbase;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** Readers for BenchBase's samples.csv and raw.csv (plain comma-separated, one header line, no quoting). */
public final class CsvFiles {

    static final String SAMPLES_HEADER_START = "Time (seconds),Requests,Throughput (requests/second)";
    static final String RAW_HEADER_START = "Transaction Type Index,Transaction Name,Start Time";

    private CsvFiles() {
    }

    public static List<Sample> readSamples(Path file) {
        List<Sample> out = new ArrayList<>();
        forEachLine(file, SAMPLES_HEADER_START, (line, no) -> {
            String[] f = line.split(",", -1);
            if (f.length < 12) {
                throw new IllegalArgumentException(file + ":" + no + ": expected 12 columns, found " + f.length);
            }
            out.add(new Sample(Long.parseLong(f[0].trim()), Long.parseLong(f[1].trim()), Double.parseDouble(f[2].trim()),
                    us(f[3]), us(f[4]), us(f[5]), us(f[6]), us(f[7]), us(f[8]), us(f[9]), us(f[10]), us(f[11])));
        });
        return out;
    }

    /** Streams raw.csv row by row: it holds one row per transaction and can be large. */
    public static void forEachRaw(Path file, Consumer<RawSample> consumer) {
        forEachLine(file, RAW_HEADER_START, (line, no) -> {
            String[] f = line.split(",", -1);
            if (f.length < 6) {
                throw new IllegalArgumentException(file + ":" + no + ": expected 6 columns, found " + f.length);
            }
            // Transaction names have no commas in BenchBase's benchmarks; tolerate one anyway by joining the middle.
            int n = f.length;
            String name = String.join(",", java.util.Arrays.copyOfRange(f, 1, n - 4));
            consumer.accept(new RawSample(Integer.parseInt(f[0].trim()), name, Double.parseDouble(f[n - 4].trim()),
                    Long.parseLong(f[n - 3].trim()), Integer.parseInt(f[n - 2].trim()), Integer.parseInt(f[n - 1].trim())));
        });
    }

    public static List<RawSample> readRaw(Path file) {
        List<RawSample> out = new ArrayList<>();
        forEachRaw(file, out::add);
        return out;
    }

    private interface LineHandler {
        void handle(String line, long lineNumber);
    }

    private static void forEachLine(Path file, String expectedHeader, LineHandler handler) {
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String header = r.readLine();
            if (header == null || !header.startsWith(expectedHeader)) {
                throw new IllegalArgumentException(file + ":1: not a BenchBase file of this kind: header should start with \""
                        + expectedHeader + "\" but is \"" + header + "\"");
            }
            String line;
            long no = 1;
            while ((line = r.readLine()) != null) {
                no++;
                if (line.isBlank()) {
                    continue;
                }
                try {
                    handler.handle(line, no);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(file + ":" + no + ": not a number: " + e.getMessage(), e);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private static Long us(String s) {
        long v = Long.parseLong(s.trim());
        return v < 0 ? null : v;
    }
}
