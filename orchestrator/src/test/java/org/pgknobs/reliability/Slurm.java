package org.pgknobs.reliability;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.pgknobs.process.CommandResult;
import org.pgknobs.process.CommandRunner;

/**
 * The running Slurm cluster as a test drives it: sbatch, scancel and `scontrol show job`, real commands
 * against real daemons (deploy/slurm/local-cluster.sh brings a one-node one up). There is no slurmdbd,
 * so `sacct` has nothing; a job's tasks stay in `scontrol show job` for MinJobAge after they end.
 */
final class Slurm {

    private static final Duration COMMAND = Duration.ofSeconds(30);
    /** JobState values after which a task runs no more. */
    private static final Set<String> ENDED = Set.of("COMPLETED", "CANCELLED", "FAILED", "TIMEOUT", "NODE_FAIL",
            "PREEMPTED", "OUT_OF_MEMORY", "BOOT_FAIL", "DEADLINE");
    private static final Pattern FIELD = Pattern.compile("(?:^| )(\\w+)=(\\S*)");

    /** One array task as scontrol shows it; times are Slurm's, to the second. */
    record Task(int index, String state, String exitCode, String start, String end) {

        boolean ended() {
            return ENDED.contains(state);
        }
    }

    private Slurm() {
    }

    /** Why no cluster can take jobs here, or empty when sbatch is on PATH and the controller answers. */
    static Optional<String> unavailable() {
        boolean onPath = java.util.Arrays.stream(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .anyMatch(d -> Files.isExecutable(Path.of(d, "sbatch")));
        if (!onPath) {
            return Optional.of("sbatch is not on PATH (Slurm is not installed: apt-get install slurm-wlm munge)");
        }
        CommandResult ping = CommandRunner.run(List.of("scontrol", "ping"), COMMAND);
        if (!ping.output().contains("is UP")) {
            return Optional.of("no Slurm controller answers `scontrol ping` (" + ping.output().strip() + ")");
        }
        return Optional.empty();
    }

    /** {@code sbatch --parsable OPTIONS SCRIPT ARGS} with {@code env} added; the job id. */
    static String submit(List<String> options, Path script, List<String> args, Map<String, String> env, Path dir) {
        List<String> cmd = new ArrayList<>(List.of("sbatch", "--parsable"));
        cmd.addAll(options);
        cmd.add(script.toString());
        cmd.addAll(args);
        CommandResult r = CommandRunner.run(cmd, COMMAND, env, dir, null);
        if (!r.succeeded()) {
            throw new AssertionError("sbatch failed (exit " + r.exitCode() + "): " + r.output());
        }
        return r.output().strip().split(";")[0];
    }

    /** The job's tasks by array index; a block of tasks still pending as one record is not listed. */
    static Map<Integer, Task> tasks(String jobId) {
        CommandResult r = CommandRunner.run(List.of("scontrol", "show", "job", "-o", jobId), COMMAND);
        if (!r.succeeded()) {
            throw new AssertionError("scontrol show job " + jobId + " failed: " + r.output());
        }
        Map<Integer, Task> tasks = new TreeMap<>();
        for (String line : r.output().lines().toList()) {
            Map<String, String> f = new TreeMap<>();
            Matcher m = FIELD.matcher(line);
            while (m.find()) {
                f.putIfAbsent(m.group(1), m.group(2));
            }
            String index = f.getOrDefault("ArrayTaskId", "");
            if (index.matches("\\d+")) {
                tasks.put(Integer.parseInt(index), new Task(Integer.parseInt(index), f.get("JobState"),
                        f.get("ExitCode"), f.get("StartTime"), f.get("EndTime")));
            }
        }
        return tasks;
    }

    /** Cancels one task of an array job, as a user would: scancel JOB_INDEX. */
    static void cancel(String jobId, int index) {
        CommandResult r = CommandRunner.run(List.of("scancel", jobId + "_" + index), COMMAND);
        if (!r.succeeded()) {
            throw new AssertionError("scancel " + jobId + "_" + index + " failed: " + r.output());
        }
    }

    /** Cancels whatever of the job still runs (a failed test must not leave tasks on the node). */
    static void cancelAll(String jobId) {
        CommandRunner.run(List.of("scancel", jobId), COMMAND);
    }

    /** Waits, polling scontrol, until {@code count} tasks are listed and every one has ended. */
    static Map<Integer, Task> awaitEnd(String jobId, int count, Duration deadline) {
        return await(jobId, deadline, "all " + count + " tasks to end",
                t -> t.size() == count && t.values().stream().allMatch(Task::ended));
    }

    static Map<Integer, Task> await(String jobId, Duration deadline, String what, Predicate<Map<Integer, Task>> until) {
        long end = System.nanoTime() + deadline.toNanos();
        Map<Integer, Task> tasks = tasks(jobId);
        while (!until.test(tasks)) {
            if (System.nanoTime() > end) {
                throw new AssertionError("job " + jobId + ": no " + what + " within " + deadline + "; its tasks: " + tasks);
            }
            Suites.sleep(250);
            tasks = tasks(jobId);
        }
        return tasks;
    }
}
