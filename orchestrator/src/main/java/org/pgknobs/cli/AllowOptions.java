package org.pgknobs.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.pgknobs.BadInputException;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.Grant;
import org.pgknobs.experiment.InitdbOptions;
import org.pgknobs.experiment.SettingGate;
import org.pgknobs.experiment.TrustBook;
import org.pgknobs.experiment.trust.TrustStore;
import picocli.CommandLine.Option;

/**
 * {@code --allow commands,libraries,paths}: the kinds of gated settings (SettingGate, docs/security.md) the user
 * lets this command apply. One mixin for every command that applies settings, so the option reads the same
 * everywhere; what is allowed is printed before anything starts.
 */
public final class AllowOptions {

    @Option(names = "--allow", split = ",", paramLabel = "KIND",
            description = "let the settings run programs (commands: archive_command, restore_command, ...), load code "
                    + "from a path (libraries: shared_preload_libraries with a '/', dynamic_library_path, ...) or use "
                    + "files outside the data directory (paths: log_directory, ssl_*_file, ...); refused otherwise "
                    + "(exit 2). For this run only; `pgknobs trust FILE` grants a file's own for its exact content; a "
                    + "file's `allow:` grants nothing (docs/security.md)")
    List<String> kinds = new ArrayList<>();

    /** The user's trusted files ({@code pgknobs trust}): each grants what its exact content holds. */
    public TrustBook trust() {
        return TrustStore.ofUser();
    }

    /** The kinds given, checked: an unknown word is bad input. */
    public Set<SettingGate.Kind> kinds() {
        return SettingGate.kinds(kinds, "--allow");
    }

    /** A settings map from a file or --set, refused if it needs a kind not allowed; its gated settings printed. */
    public void require(Map<String, ?> settings, Function<String, String> where, PrintWriter out) {
        SettingGate.require(settings, kinds(), where);
        SettingGate.inEffect(List.of(settings)).forEach(g -> out.println(g.announcement()));
        out.flush();
    }

    /** The same for --set NAME=VALUE of the bench commands. */
    public void require(Map<String, ?> settings, String option) {
        // stderr: these commands' stdout is JSON lines
        require(settings, name -> option + " " + name + "=" + settings.get(name), new PrintWriter(System.err, true));
    }

    /**
     * initdb options given on the command line ({@code --initdb-option}): refused as in an experiment file
     * ({@link InitdbOptions}), {@code --waldir} only with {@code paths} in {@code allowed}.
     */
    static void requireInitdb(List<String> options, Set<SettingGate.Kind> allowed, String option) {
        for (InitdbOptions.Finding f : InitdbOptions.check(options)) {
            String at = option + " " + options.get(f.index());
            if (f instanceof InitdbOptions.Refusal r) {
                throw new BadInputException(at + ": " + r.problem() + "\n  fix: " + r.fix());
            }
            SettingGate.Gated g = ((InitdbOptions.GatedOption) f).gated();
            if (!allowed.contains(g.kind())) {
                throw new BadInputException(at + ": " + g.problem() + "\n  fix: " + g.fix());
            }
        }
    }

    /** Before anything starts: what the experiment will run, load or use outside its data directory, and who granted it. */
    static void announce(Experiment experiment, PrintStream out) {
        SettingGate.inEffect(experiment).forEach(g -> out.println(g.announcement()));
        grantLine(experiment.optIns().grant()).ifPresent(line -> out.println("  " + line));
    }

    /** "granted by …": the command line's --allow, or the user's trust in the file's exact content; empty with no grant. */
    static Optional<String> grantLine(Grant grant) {
        if (grant.kinds().isEmpty()) {
            return Optional.empty();
        }
        String trust = grant.sha256() == null ? "" : "your trust in this file's exact content (`pgknobs trust`, SHA-256 "
                + grant.sha256().substring(0, 12) + "…)";
        String by = switch (grant.by()) {
            case "trust" -> trust;
            case "command line" -> "--allow " + String.join(",", grant.kinds()) + " on the command line";
            default -> "--allow on the command line and " + trust;
        };
        return Optional.of("granted (" + String.join(", ", grant.kinds()) + ") by " + by);
    }
}
