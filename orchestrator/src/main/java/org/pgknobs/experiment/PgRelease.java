package org.pgknobs.experiment;

import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A PostgreSQL version as server.versions and the pg-versions option name it: a major ({@code 17}: the build
 * pgknobs pins for it) or a full release ({@code 17.2}). Releases are compared by number, so 17.10 follows 17.9.
 *
 * @param minor empty for a major alone
 */
public record PgRelease(int major, OptionalInt minor) implements Comparable<PgRelease> {

    private static final Pattern FORM = Pattern.compile("(\\d+)(?:\\.(\\d+))?");
    private static final Pattern ZONKY = Pattern.compile("(\\d+)\\.(\\d+)\\.0");

    public PgRelease {
        if (major < PgMajors.OLDEST || major > PgMajors.NEWEST) {
            throw new IllegalArgumentException("PostgreSQL " + major + " is not a major pgknobs knows; use "
                    + PgMajors.OLDEST + " to " + PgMajors.NEWEST + " (a major, e.g. 17, or a release, e.g. 17.2)");
        }
    }

    public static PgRelease ofMajor(int major) {
        return new PgRelease(major, OptionalInt.empty());
    }

    /**
     * "17" or "17.2"; the text as written, so that 17.10 is not YAML's 17.1. A third part ("17.2.0", zonky's
     * numbering) is accepted when it is 0.
     *
     * @throws IllegalArgumentException with the reason, for the caller to place
     */
    public static PgRelease parse(String text) {
        String t = text.strip();
        Matcher m = FORM.matcher(t.matches("\\d+\\.\\d+\\.0") ? t.substring(0, t.length() - 2) : t);
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a PostgreSQL major or release; e.g. 17 or 17.2");
        }
        int major = Integer.parseInt(m.group(1));
        return m.group(2) == null ? ofMajor(major) : new PgRelease(major, OptionalInt.of(Integer.parseInt(m.group(2))));
    }

    /** {@code 17.2} from zonky's "17.2.0". */
    public static Optional<PgRelease> ofZonky(String zonkyVersion) {
        Matcher m = ZONKY.matcher(zonkyVersion);
        if (!m.matches()) {
            return Optional.empty();
        }
        int major = Integer.parseInt(m.group(1));
        if (major < PgMajors.OLDEST || major > PgMajors.NEWEST) {
            return Optional.empty();
        }
        return Optional.of(new PgRelease(major, OptionalInt.of(Integer.parseInt(m.group(2)))));
    }

    public boolean isMajorOnly() {
        return minor.isEmpty();
    }

    /** zonky's artifact version of this release, "17.2.0"; a major alone has none of its own. */
    public String zonkyVersion() {
        return major + "." + minor.orElseThrow(() -> new IllegalStateException(this + " is a major, not a release")) + ".0";
    }

    @Override
    public int compareTo(PgRelease o) {
        int c = Integer.compare(major, o.major);
        return c != 0 ? c : Integer.compare(minor.orElse(-1), o.minor.orElse(-1));
    }

    @Override
    public String toString() {
        return minor.isEmpty() ? Integer.toString(major) : major + "." + minor.getAsInt();
    }
}
