package org.pgknobs.testing;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.pgknobs.cli.Main;

/**
 * Runs the real CLI in-process and captures what it printed, while still echoing it to the test's own
 * output (so a failing CI run shows what the command said).
 */
public final class CliRun {

    public record Result(int exitCode, String out, String err) {
    }

    private CliRun() {
    }

    public static synchronized Result execute(String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(new Tee(out, oldOut), true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(new Tee(err, oldErr), true, StandardCharsets.UTF_8));
            int code = Main.execute(args);
            System.out.flush();
            System.err.flush();
            return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }

    private static final class Tee extends OutputStream {
        private final OutputStream a;
        private final OutputStream b;

        Tee(OutputStream a, OutputStream b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public void write(int c) {
            ((ByteArrayOutputStream) a).write(c);
            try {
                b.write(c);
            } catch (java.io.IOException ignored) {
                // echo is best effort
            }
        }

        @Override
        public void write(byte[] buf, int off, int len) {
            ((ByteArrayOutputStream) a).write(buf, off, len);
            try {
                b.write(buf, off, len);
            } catch (java.io.IOException ignored) {
                // echo is best effort
            }
        }
    }
}
