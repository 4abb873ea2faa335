package org.pgknobs.process;

import java.util.Arrays;
import java.util.List;

/** What a finished child process left: its exit code, its combined output, and whether it was killed on time-out. */
public record CommandResult(List<String> command, int exitCode, String output, boolean timedOut) {

    public boolean succeeded() {
        return exitCode == 0 && !timedOut;
    }

    /** The last {@code n} lines of output, for error messages. */
    public List<String> lastLines(int n) {
        List<String> lines = Arrays.asList(output.strip().split("\\R"));
        if (output.isBlank()) {
            return List.of();
        }
        return lines.subList(Math.max(0, lines.size() - n), lines.size());
    }
}
