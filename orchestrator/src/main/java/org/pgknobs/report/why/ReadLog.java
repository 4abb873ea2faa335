package org.pgknobs.report.why;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The figures a rule read while it decided, in the names its {@link Reason} lists: every figure accessor of
 * {@link WhyInput} records here, so a test can hold each sentence's listed figures against what its rule read.
 */
final class ReadLog {

    private final Set<String> names = new LinkedHashSet<>();

    void add(String name) {
        names.add(name);
    }

    Set<String> names() {
        return Set.copyOf(names);
    }
}
