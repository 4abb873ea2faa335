package org.pgknobs.run;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.pgknobs.experiment.PgRelease;
import org.pgknobs.server.PgBinaries;

/**
 * Which settings each version of a run has, from each build's {@code postgres --describe-config}. A
 * name counts as missing on a version only when another build of the run (or the embedded default)
 * has it: a name no build knows is left to preflight, which reports a typo as bad input with its line.
 */
public final class SettingsByVersion {

    private final Map<PgRelease, Set<String>> byVersion;
    private final Set<String> anywhere;

    private SettingsByVersion(Map<PgRelease, Set<String>> byVersion, Set<String> anywhere) {
        this.byVersion = byVersion;
        this.anywhere = anywhere;
    }

    public static SettingsByVersion read(Map<PgRelease, PgBinaries> builds, PgBinaries embeddedDefault) {
        Map<PgRelease, Set<String>> byVersion = new LinkedHashMap<>();
        Set<String> anywhere = new HashSet<>(embeddedDefault.settingNames());
        builds.forEach((v, b) -> {
            Set<String> names = b.settingNames();
            byVersion.put(v, names);
            anywhere.addAll(names);
        });
        return new SettingsByVersion(byVersion, anywhere);
    }

    public Predicate<String> on(PgRelease version) {
        Set<String> mine = byVersion.get(version);
        return name -> mine.contains(name) || !anywhere.contains(name);
    }
}
