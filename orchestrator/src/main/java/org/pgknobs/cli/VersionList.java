package org.pgknobs.cli;

import java.util.ArrayList;
import java.util.List;
import org.pgknobs.BadInputException;
import org.pgknobs.experiment.PgMajors;

/** {@code --pg-versions 16,17,18}: parsed strictly, and checked against the builds at hand before anything starts. */
final class VersionList {

    private VersionList() {
    }

    static List<Integer> parse(List<String> texts) {
        List<Integer> out = new ArrayList<>();
        for (String text : texts) {
            int major;
            try {
                major = Integer.parseInt(text.trim());
            } catch (NumberFormatException e) {
                throw new BadInputException("--pg-versions: '" + text + "' is not a PostgreSQL major; e.g. --pg-versions 16,17,18");
            }
            if (major < PgMajors.OLDEST || major > PgMajors.NEWEST) {
                throw new BadInputException("--pg-versions: PostgreSQL " + major + " is not a major pgknobs knows; use "
                        + PgMajors.OLDEST + " to " + PgMajors.NEWEST);
            }
            if (out.contains(major)) {
                throw new BadInputException("--pg-versions: " + major + " is listed twice");
            }
            out.add(major);
        }
        return out;
    }

    /** Every version has a build; an external server is one version; MAJOR=DIR only names versions that run. */
    static void check(List<Integer> versions, ServerOptions options, ServerFactory servers) {
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
