package org.pgknobs.profile;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Folds the text of {@code perf script -F comm,tid,time,ip,sym,dso --ns} into {@link FoldedStacks}, keeping
 * only the samples whose timestamp falls in one of the windows. A sample is a header line
 * ({@code postgres 11064 10164.611464123:}) and its frames, leaf first ({@code \t 2b1d3f ExecAgg (/path/postgres)}),
 * ended by a blank line. A frame perf could not name is kept as its object's name ({@code [libc.so.6]}), so
 * the stack stays whole.
 */
public final class PerfScriptFolding {

    /** The folded stacks in the windows, and how many samples were read in all (windows or not). */
    public record Result(FoldedStacks stacks, long samplesRead, long samplesInWindows) {
    }

    private PerfScriptFolding() {
    }

    public static Result fold(BufferedReader perfScript, List<TimeWindow> windows) {
        Map<String, Long> counts = new HashMap<>();
        long read = 0;
        long kept = 0;
        String comm = null;
        boolean keep = false;
        List<String> frames = new ArrayList<>();
        try {
            for (String line = perfScript.readLine(); ; line = perfScript.readLine()) {
                if (line == null || line.isBlank()) {
                    if (comm != null && keep) {
                        counts.merge(stack(comm, frames), 1L, Long::sum);
                        kept++;
                    }
                    comm = null;
                    frames.clear();
                    if (line == null) {
                        break;
                    }
                } else if (Character.isWhitespace(line.charAt(0))) {
                    if (comm != null) {
                        frames.add(frame(line.strip()));
                    }
                } else {
                    Header h = header(line);
                    if (h != null) {
                        comm = h.comm();
                        keep = windows.stream().anyMatch(w -> w.contains(h.nanos()));
                        read++;
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read perf script's output: " + e.getMessage(), e);
        }
        return new Result(new FoldedStacks(counts), read, kept);
    }

    record Header(String comm, long nanos) {
    }

    /** {@code comm tid seconds.nanos:}; the command name may hold spaces, so fields are taken from the right. */
    static Header header(String line) {
        String[] f = line.strip().split("\\s+");
        if (f.length < 3 || !f[f.length - 1].endsWith(":")) {
            return null;
        }
        String time = f[f.length - 1].substring(0, f[f.length - 1].length() - 1);
        int dot = time.indexOf('.');
        if (dot < 0) {
            return null;
        }
        String fraction = (time.substring(dot + 1) + "000000000").substring(0, 9);
        long nanos = Long.parseLong(time.substring(0, dot)) * 1_000_000_000L + Long.parseLong(fraction);
        String comm = String.join(" ", java.util.Arrays.asList(f).subList(0, f.length - 2));
        return new Header(comm, nanos);
    }

    /** {@code addr symbol (dso)} → the symbol, or {@code [dso's file name]} when perf could not name it. */
    static String frame(String line) {
        int space = line.indexOf(' ');
        String rest = space < 0 ? "" : line.substring(space + 1).strip();
        String dso = "";
        if (rest.endsWith(")")) {
            int open = rest.lastIndexOf(" (");
            if (open >= 0) {
                dso = rest.substring(open + 2, rest.length() - 1);
                rest = rest.substring(0, open).strip();
            } else if (rest.startsWith("(")) {
                dso = rest.substring(1, rest.length() - 1);
                rest = "";
            }
        }
        if (rest.endsWith(" (inlined)")) {
            rest = rest.substring(0, rest.length() - " (inlined)".length());
        }
        if (rest.isEmpty() || rest.equals("[unknown]")) {
            String file = dso.substring(dso.lastIndexOf('/') + 1);
            return "[" + (file.isEmpty() || file.equals("[unknown]") ? "unknown" : file.replace("[", "").replace("]", "")) + "]";
        }
        return rest.replace(';', ':');
    }

    private static String stack(String comm, List<String> leafFirst) {
        List<String> rootFirst = new ArrayList<>(leafFirst);
        Collections.reverse(rootFirst);
        rootFirst.add(0, comm.replace(';', ':'));
        return String.join(";", rootFirst);
    }
}
