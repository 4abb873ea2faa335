package org.pgknobs.run;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.pgknobs.BadInputException;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.plan.ExperimentPlan;
import org.pgknobs.experiment.plan.PlannedStep;
import org.pgknobs.experiment.yaml.ExperimentLoader;
import org.pgknobs.host.MemoryLimits;
import org.pgknobs.overlay.ConnectionBudget;
import org.pgknobs.overlay.OverlayEngine;
import org.pgknobs.overlay.OverlayException;
import org.pgknobs.overlay.SettingsCatalog;
import org.pgknobs.results.SuiteRecord;
import org.pgknobs.run.data.Clusters;
import org.pgknobs.run.data.MemoryFit;
import org.pgknobs.server.Server;
import org.pgknobs.server.ServerException;

/**
 * Starts every distinct server configuration of a plan once, before any data is loaded, on the still
 * empty cluster of its initdb group (or, when asked, the external server): ALTER SYSTEM, a restart,
 * verification in pg_settings. PostgreSQL judges there what only a start can (a preload library that
 * does not exist, ssl without a certificate, shared memory the kernel will not give), in about a second
 * instead of after the load. A refusal is bad input, unless every step with that configuration expects
 * to fail; memory that can never fit is refused before anything starts.
 */
final class TrialStarts {

    /** The steps sharing one configuration: the same initdb options and the same settings map. */
    private record Config(List<String> initdb, Map<String, Object> settings, List<PlannedStep> steps) {
        boolean expectedToFail() {
            return steps.stream().allMatch(s -> s.expectFail().isPresent());
        }

        String names() {
            return String.join(", ", steps.stream().map(PlannedStep::name).toList());
        }
    }

    /** PostgreSQL's reason → the setting behind it and how to fix it; the first match wins. */
    private record Fix(Pattern reason, String setting, String advice) {
    }

    private static final List<Fix> FIXES = List.of(
            new Fix(Pattern.compile("could not access file \"([^\"]+)\""), "shared_preload_libraries",
                    "remove $1 from shared_preload_libraries, or install the library into this server's library "
                            + "directory (pg_config --pkglibdir; a build with it: --pg-bin DIR)"),
            new Fix(Pattern.compile("could not load (server certificate|private key|root certificate) file \"([^\"]+)\""),
                    "ssl", "put $2 into the data directory (or point ssl_cert_file / ssl_key_file / ssl_ca_file at "
                            + "files that exist), or drop ssl: on"),
            new Fix(Pattern.compile("could not map anonymous shared memory|huge pages"), "shared_buffers",
                    "lower shared_buffers, or use huge_pages: try on a machine without huge pages reserved"),
            new Fix(Pattern.compile("requires \"?wal_level\"?"), "wal_level",
                    "raise wal_level, or turn off what needs it (e.g. max_wal_senders: 0 with wal_level: minimal)"),
            new Fix(Pattern.compile("could not open (configuration )?file \"([^\"]+)\""), null,
                    "the settings name a file that does not exist ($2): create it or correct the setting"));

    private TrialStarts() {
    }

    /**
     * @param plan      the steps to try, as preflight checked them (steps it rejected are skipped)
     * @return one record per configuration, in plan order
     * @throws BadInputException a configuration PostgreSQL refused (the clusters are deleted first)
     */
    static List<SuiteRecord.TrialStart> run(ExperimentPlan plan, SuitePreflight.Verdict preflight, Clusters clusters,
                                            OverlayEngine engine, MemoryLimits memory, PrintStream out) {
        List<Config> configs = configs(plan, preflight);
        if (configs.isEmpty()) {
            return List.of();
        }
        Experiment experiment = plan.experiment();
        Map<Config, String> tooMuch = new IdentityHashMap<>();
        if (!clusters.external()) { // an external server's memory is not this machine's
            SettingsCatalog catalog = engine.preflight(clusters.forTrial(configs.get(0).initdb(), experiment), Map.of());
            int connections = SuitePreflight.connectionsNeeded(experiment.workload()) + ConnectionBudget.MONITORING;
            configs.forEach(c -> MemoryFit.tooMuch(c.settings(), catalog, connections, memory)
                    .ifPresent(why -> tooMuch.put(c, why)));
        }
        out.println("trial start of " + configs.size() + " server configuration" + (configs.size() == 1 ? "" : "s")
                + " before the load (empty cluster: ALTER SYSTEM, restart, verify):");
        List<SuiteRecord.TrialStart> trials = new ArrayList<>();
        List<String> refusals = new ArrayList<>();
        long all = System.nanoTime();
        for (Config c : configs) {
            String reason = tooMuch.get(c);
            double seconds = 0;
            if (reason == null) {
                long t0 = System.nanoTime();
                Server server = clusters.forTrial(c.initdb(), experiment);
                double created = (System.nanoTime() - t0) / 1e9;
                if (created > 0.5) {
                    out.printf("  (%.1f s to create the empty cluster%s)%n", created,
                            c.initdb().isEmpty() ? "" : " with initdb " + String.join(" ", c.initdb()));
                }
                long t1 = System.nanoTime();
                reason = start(c, server, clusters, engine);
                seconds = (System.nanoTime() - t1) / 1e9;
            }
            trials.add(new SuiteRecord.TrialStart(c.steps().stream().map(PlannedStep::name).toList(), c.initdb(),
                    reason == null, seconds, reason));
            out.printf("  %-28s %5.1f s  %s%n", c.names(), seconds, reason == null ? "started, settings verified"
                    : (c.expectedToFail() ? "refused, as the step expects: " : "REFUSED: ") + reason);
            if (reason != null && !c.expectedToFail()) {
                refusals.add(refusal(experiment, c, reason, tooMuch.containsKey(c) ? MemoryFit.available(memory) : null));
            }
            if (reason != null && clusters.external() && !clusters.forTrial(c.initdb(), experiment).isRunning()) {
                refusals.add("the external server did not come back after that start and pgknobs cannot reach its "
                        + "files: take the trial's settings out of its postgresql.auto.conf (ALTER SYSTEM RESET ALL "
                        + "needs a running server; edit the file) and start it; the other configurations were not tried");
                break;
            }
        }
        preflight.rejected().forEach((step, why) -> out.printf("  %-28s   -    not tried: %s%n", step,
                why.lines().findFirst().orElse(why).replaceFirst(" against .*", "")));
        out.printf("  trial starts: %.1f s in all%n", (System.nanoTime() - all) / 1e9);
        try {
            clusters.afterTrial();
        } catch (RuntimeException e) {
            refusals.add("resetting the server after the trial failed: " + e.getMessage());
        }
        if (!refusals.isEmpty()) {
            clusters.release(true);
            throw new BadInputException(String.join("\n", refusals) + "\n  (found by a trial start on an empty cluster, "
                    + "before any data was loaded: nothing was loaded or written. A step that probes a failure on "
                    + "purpose can say so with expect: {fail: ...})");
        }
        return trials;
    }

    /** Distinct configurations in plan order; steps preflight rejected (a value this build lacks) are not tried. */
    private static List<Config> configs(ExperimentPlan plan, SuitePreflight.Verdict preflight) {
        Map<List<Object>, Config> out = new LinkedHashMap<>();
        for (PlannedStep step : plan.steps()) {
            if (preflight.rejected().containsKey(step.name())) {
                continue;
            }
            Map<String, Object> settings = preflight.settingsFor(step);
            out.computeIfAbsent(List.of(step.initdb(), settings), k -> new Config(step.initdb(), settings, new ArrayList<>()))
                    .steps().add(step);
        }
        return List.copyOf(out.values());
    }

    /** Null when the server started with the settings and verified them; else PostgreSQL's reason. */
    private static String start(Config c, Server server, Clusters clusters, OverlayEngine engine) {
        try {
            engine.apply(server, c.settings(), true);
            return null;
        } catch (ServerException e) {
            clusters.recoverFromTrial(c.initdb());
            return e.fatalLine().orElse(e.describe());
        } catch (OverlayException e) {
            return e.getMessage();
        }
    }

    private static String refusal(Experiment experiment, Config c, String reason, String memoryAvailable) {
        Optional<Fix> fix = FIXES.stream().filter(f -> f.reason().matcher(reason).find()).findFirst();
        String setting = memoryAvailable != null ? "shared_buffers" : fix.map(Fix::setting).orElse(null);
        String where = Optional.ofNullable(setting)
                .flatMap(s -> ExperimentLoader.whereSet(experiment, c.steps().get(0).name(), s))
                .orElse(String.valueOf(experiment.provenance().source()));
        String advice;
        if (memoryAvailable != null) {
            advice = "lower shared_buffers to well under the " + memoryAvailable + " this machine has (or give the "
                    + "run a machine or cgroup with more memory)";
        } else {
            advice = fix.map(f -> advice(f, reason)).orElse("correct or remove the setting PostgreSQL names above");
        }
        String what = memoryAvailable != null ? "does not fit this machine's memory" : "PostgreSQL refused to start with its settings";
        return where + ": step " + c.names() + ": " + what + ":\n    " + reason + "\n  fix: " + advice;
    }

    /** The fix's advice with $1, $2 filled from PostgreSQL's message. */
    private static String advice(Fix fix, String reason) {
        Matcher m = fix.reason().matcher(reason);
        String advice = fix.advice();
        if (m.find()) {
            for (int i = 1; i <= m.groupCount(); i++) {
                advice = advice.replace("$" + i, m.group(i) == null ? "" : m.group(i));
            }
        }
        return advice;
    }
}
