package org.pgknobs.experiment.yaml;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.pgknobs.BadInputException;
import org.pgknobs.experiment.Grant;
import org.pgknobs.experiment.SettingGate;
import org.pgknobs.experiment.TrustBook;

/**
 * The gate as a file is read: every gated setting and initdb option ({@link SettingGate}) is seen with its place,
 * and granted only by the user, never by the file: by its kind in {@code --allow}, or by the user's trust in this
 * file's exact content ({@link TrustBook}), which covers what the file holds but not a {@code --set}. The file's own
 * {@code allow:} is a declaration of what it needs, printed beside a refusal. After the whole file is read,
 * {@link #refuseUngranted} names every setting left ungranted at once, so a user deciding whether to trust the
 * file sees all of it.
 */
final class GateCheck {

    /** One gated setting or option, where it was written. */
    private record Seen(Origin at, String path, SettingGate.Gated gated) {
    }

    private final Path file;
    private final Set<SettingGate.Kind> commandLine;
    private final TrustBook.Standing standing;
    private final List<Seen> refused = new ArrayList<>();
    private final Set<SettingGate.Kind> byCommandLine = EnumSet.noneOf(SettingGate.Kind.class);
    private final Set<SettingGate.Kind> byTrust = EnumSet.noneOf(SettingGate.Kind.class);

    GateCheck(Path file, Set<SettingGate.Kind> commandLine, TrustBook.Standing standing) {
        this.file = file;
        this.commandLine = commandLine;
        this.standing = standing;
    }

    /** Every gated item granted, as for a result directory's record (nothing runs from it). */
    static GateCheck grantingAll(Path file) {
        return new GateCheck(file, EnumSet.allOf(SettingGate.Kind.class), new TrustBook.Untrusted());
    }

    void see(Origin at, String path, SettingGate.Gated gated) {
        if (commandLine.contains(gated.kind())) {
            byCommandLine.add(gated.kind());
        } else if (standing instanceof TrustBook.Trusted && !at.fromCommandLine()) {
            byTrust.add(gated.kind());
        } else {
            refused.add(new Seen(at, path, gated));
        }
    }

    /** Throws, naming every gated item nobody granted, what the file declares and the two ways to grant it. */
    void refuseUngranted(Set<SettingGate.Kind> declared) {
        if (refused.isEmpty()) {
            return;
        }
        Seen first = refused.get(0);
        StringBuilder sb = new StringBuilder(first.at() + ": " + first.path() + ": " + first.gated().problem());
        for (Seen s : refused.subList(1, refused.size())) {
            sb.append("\n  also ").append(s.at()).append(": ").append(s.path()).append(": ").append(s.gated().setting());
        }
        sb.append("\n  the file declares ").append(declared.isEmpty() ? "no `allow:`"
                : "`allow: " + SettingGate.words(declared) + "`").append(", which grants nothing by itself");
        if (standing instanceof TrustBook.Changed c) {
            sb.append("\n  you trusted this file, but it changed since: ").append(c.what());
        }
        Set<String> kinds = new LinkedHashSet<>();
        refused.forEach(s -> kinds.add(s.gated().kind().word()));
        boolean fromSet = refused.stream().allMatch(s -> s.at().fromCommandLine());
        sb.append("\n  fix: if you trust it, grant it: --allow ").append(String.join(",", kinds))
                .append(" on the command line (this run only)");
        if (!fromSet) {
            sb.append(", or `pgknobs trust ").append(file).append("` (records this exact content; a changed file needs it again)");
        }
        sb.append("; otherwise remove the setting");
        throw new BadInputException(sb.toString());
    }

    /** How the run's gated items were granted, for its result directory. */
    Grant grant() {
        Set<SettingGate.Kind> all = grantedKinds();
        if (all.isEmpty()) {
            return Grant.NONE;
        }
        String by = byCommandLine.isEmpty() ? "trust" : byTrust.isEmpty() ? "command line" : "command line and trust";
        String sha = byTrust.isEmpty() ? null : ((TrustBook.Trusted) standing).sha256();
        return new Grant(SettingGate.words(all), by, sha);
    }

    /** The kinds granted and used, for the resolved file's {@code allow:}. */
    Set<SettingGate.Kind> grantedKinds() {
        Set<SettingGate.Kind> all = EnumSet.noneOf(SettingGate.Kind.class);
        all.addAll(byCommandLine);
        all.addAll(byTrust);
        return all;
    }
}
