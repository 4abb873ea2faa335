package org.pgknobs.process;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.exec.CommandLine;
import org.apache.commons.exec.DefaultExecutor;
import org.apache.commons.exec.ExecuteWatchdog;
import org.apache.commons.exec.PumpStreamHandler;
import org.apache.commons.exec.environment.EnvironmentUtils;

/**
 * Runs a child process to completion with a time-out and captures stdout+stderr. Non-zero exits are
 * returned, not thrown, so callers can put the process's own words into their error messages.
 */
public final class CommandRunner {

    private CommandRunner() {
    }

    public static CommandResult run(List<String> command, Duration timeout) {
        return run(command, timeout, Map.of(), null, null);
    }

    /**
     * @param extraEnv variables added to this process's environment (C locale is always set so server
     *                 messages are in English and parseable)
     * @param workDir  working directory, or null for the current one
     * @param tee      also receives the output as it arrives (e.g. a log file), or null
     */
    public static CommandResult run(List<String> command, Duration timeout, Map<String, String> extraEnv,
                                    Path workDir, OutputStream tee) {
        return run(command, timeout, extraEnv, workDir, tee, null);
    }

    /** As {@link #run(List, Duration)}, with {@code stdin} as the process's standard input (kept off its command line). */
    public static CommandResult runWithInput(List<String> command, Duration timeout, String stdin) {
        return run(command, timeout, Map.of(), null, null, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
    }

    private static CommandResult run(List<String> command, Duration timeout, Map<String, String> extraEnv,
                                     Path workDir, OutputStream tee, InputStream stdin) {
        CommandLine line = new CommandLine(command.get(0));
        for (String arg : command.subList(1, command.size())) {
            line.addArgument(arg, false);
        }
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        OutputStream out = tee == null ? captured : new TeeStream(captured, tee);
        ExecuteWatchdog watchdog = ExecuteWatchdog.builder().setTimeout(timeout).get();
        DefaultExecutor.Builder<?> builder = DefaultExecutor.builder();
        if (workDir != null) {
            builder.setWorkingDirectory(workDir.toFile());
        }
        DefaultExecutor executor = builder.get();
        executor.setExitValues(null);
        executor.setWatchdog(watchdog);
        executor.setStreamHandler(new OutputAfterTimeout(out, stdin, watchdog));
        try {
            Map<String, String> env = new HashMap<>(EnvironmentUtils.getProcEnvironment());
            env.put("LC_ALL", "C");
            env.put("LANG", "C");
            env.putAll(extraEnv);
            int exit = executor.execute(line, env);
            return new CommandResult(command, exit, captured.toString(StandardCharsets.UTF_8), watchdog.killedProcess());
        } catch (IOException e) {
            if (watchdog.killedProcess()) {
                return new CommandResult(command, -1, captured.toString(StandardCharsets.UTF_8), true);
            }
            throw new UncheckedIOException("could not run " + command.get(0) + ": " + e.getMessage(), e);
        }
    }

    /**
     * Output read until the process ends, and after a time-out for one second more only: the watchdog ends
     * the command itself, but a process it started (the sleep of {@code sh -c "...; sleep 30"}, a hung
     * systemctl's helper) may still hold the pipe open, and the caller would wait for that one long past the
     * time-out (the whole {@code sleep 30}). The leftover is not killed: it may be a server the user's restart
     * command started.
     */
    private static final class OutputAfterTimeout extends PumpStreamHandler {
        private static final Duration AFTER_TIMEOUT = Duration.ofSeconds(1);
        private final ExecuteWatchdog watchdog;

        OutputAfterTimeout(OutputStream out, InputStream stdin, ExecuteWatchdog watchdog) {
            super(out, out, stdin);
            this.watchdog = watchdog;
        }

        @Override
        public void stop() throws IOException {
            if (watchdog.killedProcess()) {
                setStopTimeout(AFTER_TIMEOUT);
            }
            super.stop();
        }
    }

    private static final class TeeStream extends OutputStream {
        private final OutputStream a;
        private final OutputStream b;

        TeeStream(OutputStream a, OutputStream b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public void write(int c) throws IOException {
            a.write(c);
            b.write(c);
        }

        @Override
        public void write(byte[] buf, int off, int len) throws IOException {
            a.write(buf, off, len);
            b.write(buf, off, len);
        }

        @Override
        public void flush() throws IOException {
            a.flush();
            b.flush();
        }
    }
}
