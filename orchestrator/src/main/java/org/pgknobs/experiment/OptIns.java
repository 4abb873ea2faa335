package org.pgknobs.experiment;

import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * What the user opted into beyond the file's plain steps: the optional steps included, the kinds of gated settings
 * ({@link SettingGate}) the file declares or the run was granted ({@code allow}, recorded in the resolved file), and
 * how they were granted ({@code grant}: {@code --allow} or the user's trust in this exact file, never the file's own
 * {@code allow:}).
 */
public record OptIns(Set<String> includeOptional, Set<SettingGate.Kind> allow, Grant grant) {

    public OptIns {
        includeOptional = Collections.unmodifiableSet(new LinkedHashSet<>(includeOptional));
        allow = allow.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(allow));
        grant = grant == null ? Grant.NONE : grant;
    }

    public OptIns(Set<String> includeOptional, Set<SettingGate.Kind> allow) {
        this(includeOptional, allow, Grant.NONE);
    }
}
