package org.pgknobs.experiment;

import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * What the user opted into beyond the file's plain steps: the optional steps included, and the kinds of gated
 * settings ({@link SettingGate}) allowed to run programs, load code or use paths, from the file's {@code allow:}
 * and {@code --allow} together, so that the resolved file records what the run was allowed to do.
 */
public record OptIns(Set<String> includeOptional, Set<SettingGate.Kind> allow) {

    public OptIns {
        includeOptional = Collections.unmodifiableSet(new LinkedHashSet<>(includeOptional));
        allow = allow.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(allow));
    }
}
