package org.pgknobs.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.pgknobs.BadInputException;
import org.pgknobs.experiment.Experiment;
import org.pgknobs.experiment.SettingGate;
import org.pgknobs.experiment.TrustBook;
import org.pgknobs.experiment.trust.TrustStore;
import org.pgknobs.experiment.yaml.ExperimentLoader;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code pgknobs trust FILE}: the user's grant for one experiment file's exact content, as {@code direnv allow} is for
 * an .envrc. It shows every gated setting and initdb option the file and each of its profiles would use, then records
 * the file's real path and SHA-256 in the user's state directory: runs of that content may use them; a changed byte
 * needs trusting again. {@code --list} and {@code --revoke FILE}.
 */
@Command(name = "trust", mixinStandardHelpOptions = true,
        description = "Trust an experiment file's exact content: show the programs it would run, the code it would load "
                + "and the paths outside the data directory it would use (in every profile), and record its SHA-256 in "
                + "your state directory ($PGKNOBS_STATE_DIR, $XDG_STATE_HOME/pgknobs or ~/.local/state/pgknobs). A run of "
                + "that exact content may then use them; any change needs `trust` again. A file's own `allow:` grants "
                + "nothing. See docs/security.md.")
final class TrustCommand implements Callable<Integer> {

    @Parameters(arity = "0..1", paramLabel = "FILE", description = "the experiment file to trust")
    Path file;

    @Option(names = "--list", description = "list the trusted files: path, SHA-256, when, what each may run")
    boolean list;

    @Option(names = "--revoke", paramLabel = "FILE", description = "forget a trusted file")
    Path revoke;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        TrustStore store = TrustStore.ofUser();
        int chosen = (file != null ? 1 : 0) + (list ? 1 : 0) + (revoke != null ? 1 : 0);
        if (chosen != 1) {
            throw new BadInputException("trust: name one FILE, or --list, or --revoke FILE. Fix: e.g. pgknobs trust "
                    + "experiments/my.yaml");
        }
        if (list) {
            List<TrustStore.Entry> entries = store.list();
            if (entries.isEmpty()) {
                out.println("no trusted files (" + store.file() + ")");
            }
            for (TrustStore.Entry e : entries) {
                out.printf("%s  SHA-256 %s  trusted %s%n", e.file(), e.sha256(), e.trusted());
                e.gated().forEach(g -> out.println("  " + g));
            }
        } else if (revoke != null) {
            out.println(store.revoke(revoke) ? "revoked: " + revoke + " is no longer trusted"
                    : "not trusted: " + revoke + " (nothing to revoke)");
        } else {
            trust(store, out);
        }
        out.flush();
        return Main.OK;
    }

    private void trust(TrustStore store, PrintWriter out) {
        byte[] before = ExperimentLoader.content(file);
        // every profile, every gated kind shown: the user decides on all of it (initdb options refused for every
        // file are still bad input, and nothing is trusted)
        List<Experiment> all = ExperimentLoader.loadEveryProfile(file, EnumSet.allOf(SettingGate.Kind.class), TrustBook.NONE);
        if (!Arrays.equals(before, ExperimentLoader.content(file))) {
            throw new BadInputException(file + ": changed while it was read; nothing trusted. Fix: run trust again");
        }
        Set<String> gated = new LinkedHashSet<>();
        for (Experiment e : all) {
            String where = e.provenance().profile().map(p -> " (profile " + p + ")").orElse("");
            SettingGate.inEffect(e).forEach(g -> gated.add(g.announcement() + where));
        }
        List<String> lines = dedupeProfiles(new ArrayList<>(gated));
        TrustStore.Entry entry = store.trust(file, before, lines);
        out.println("trusted: " + entry.file() + " (SHA-256 " + entry.sha256() + ")");
        if (lines.isEmpty()) {
            out.println("  it uses no gated setting or initdb option: runs need no grant for it");
        }
        lines.forEach(l -> out.println("  " + l));
        out.println("  a run of exactly this content may use these; any change to the file needs `pgknobs trust` again; "
                + "`pgknobs trust --revoke " + file + "` forgets it");
    }

    /** A setting the file holds outside any profile is listed once, not once per profile too. */
    private static List<String> dedupeProfiles(List<String> lines) {
        return lines.stream().filter(l -> !l.contains(" (profile ")
                || !lines.contains(l.substring(0, l.lastIndexOf(" (profile ")))).toList();
    }
}
