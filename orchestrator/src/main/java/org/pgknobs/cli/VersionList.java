package org.pgknobs.cli;

import java.util.ArrayList;
import java.util.List;
import org.pgknobs.BadInputException;
import org.pgknobs.experiment.PgRelease;

/** {@code --pg-versions 16,17.2,18} (majors or releases X.Y): parsed strictly, and checked against the builds at hand before anything starts. */
final class VersionList {

    private VersionList() {
    }

    static List<PgRelease> parse(List<String> texts) {
        List<PgRelease> out = new ArrayList<>();
        for (String text : texts) {
            PgRelease version;
            try {
                version = PgRelease.parse(text);
            } catch (IllegalArgumentException e) {
                throw new BadInputException("--pg-versions: " + e.getMessage() + "; e.g. --pg-versions 16,17.2,18");
            }
            if (out.contains(version)) {
                throw new BadInputException("--pg-versions: " + version + " is listed twice");
            }
            out.add(version);
        }
        return out;
    }

    /** Every version has a build; an external server is one version; MAJOR=DIR only names versions that run. */
    static void check(List<PgRelease> versions, ServerOptions options, ServerFactory servers) {
        if (options.isExternal()) {
            if (versions.size() > 1) {
                throw new BadInputException("--server-url is one server, one version; the experiment asks for " + versions
                        + ". Run each version's server separately (--pg-versions N) and merge with `pgknobs report DIR...`");
            }
            return;
        }
        if (versions.isEmpty()) {
            if (!options.pgBinByMajor.isEmpty()) {
                throw new BadInputException("--pg-bin MAJOR=DIR chooses a build per version; add server.versions or "
                        + "--pg-versions " + options.pgBinByMajor.keySet().iterator().next() + ", or give plain --pg-bin DIR");
            }
            return;
        }
        servers.checkBuilds(versions);
    }
}
