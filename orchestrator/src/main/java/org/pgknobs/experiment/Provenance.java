package org.pgknobs.experiment;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Where an experiment came from: its file, the profile chosen on the command line, and what the file says about
 * profiles, kept for the record.
 *
 * @param source   the experiment file
 * @param profile  the chosen profile, if any
 * @param profiles every profile's override tree (plain maps), as written
 * @param scale    the chosen profile's published machine, if any (scaled to this machine by the plan's MachineScaler)
 */
public record Provenance(Path source, Optional<String> profile, Map<String, Object> profiles,
                         Optional<MachineScale> scale) {

    public Provenance {
        profiles = Collections.unmodifiableMap(new LinkedHashMap<>(profiles));
    }
}
