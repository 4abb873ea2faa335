package org.pgknobs.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.SettingGate;
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
                    + "(exit 2). Same as `allow: [KIND]` in an experiment file; see docs/security.md")
    List<String> kinds = new ArrayList<>();

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

    /** Before anything starts: what the experiment will run, load or use outside its data directory. */
    static void announce(Experiment experiment, PrintStream out) {
        SettingGate.inEffect(experiment).forEach(g -> out.println(g.announcement()));
    }
}
