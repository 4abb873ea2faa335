package org.pgknobs.testing;

import static org.junit.jupiter.api.Assertions.fail;

import org.junit.jupiter.api.Assumptions;

/**
 * A host tool a test needs (perf, chromium): where it is missing the test is skipped with the reason shown,
 * except under CI ({@code CI=true}), whose image installs them (.ci/run): there a missing tool is a failure.
 */
public final class RequiredTools {

    private RequiredTools() {
    }

    /** @param whyNot empty/null when the tool works; else what is missing and how to get it */
    public static void require(String whyNot) {
        if (whyNot == null || whyNot.isEmpty()) {
            return;
        }
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            fail("CI needs it: " + whyNot);
        }
        Assumptions.abort("skipped: " + whyNot);
    }
}
