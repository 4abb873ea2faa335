package org.pgknobs.experiment;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * initdb options for the cluster and the base settings every step starts from. Setting names are
 * lower case; values are as YAML gave them (String, Integer, Long or Double; on/off stay text).
 * {@code versions} are PostgreSQL majors or releases ({@link PgRelease}) to run the whole experiment on, one after the other (empty: the
 * one build the command line chose); {@code onMissingSetting} says what a step does on a version that
 * lacks one of its settings.
 */
public record ServerSpec(List<String> initdb, Map<String, Object> base, List<PgRelease> versions,
                         MissingSetting onMissingSetting) {

    public ServerSpec {
        initdb = List.copyOf(initdb);
        base = Collections.unmodifiableMap(new LinkedHashMap<>(base));
        versions = List.copyOf(versions);
    }

    public ServerSpec(List<String> initdb, Map<String, Object> base) {
        this(initdb, base, List.of(), MissingSetting.NA);
    }

    public ServerSpec withVersions(List<PgRelease> newVersions) {
        return new ServerSpec(initdb, base, newVersions, onMissingSetting);
    }

    public ServerSpec withBase(List<String> newInitdb, Map<String, Object> newBase) {
        return new ServerSpec(newInitdb, newBase, versions, onMissingSetting);
    }
}
