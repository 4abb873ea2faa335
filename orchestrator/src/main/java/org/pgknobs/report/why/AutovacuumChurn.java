package org.pgknobs.report.why;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * "autovacuum ran 118 times a minute": fires at {@value #MIN_PER_MINUTE} or more runs a minute, far above
 * what the default naptime (1 min) allows per table.
 */
public final class AutovacuumChurn implements WhyRule {

    static final double MIN_PER_MINUTE = 10;

    @Override
    public Optional<Reason> explain(WhyInput input) {
        Double perMinute = input.autovacuumPerMinute();
        if (perMinute == null || perMinute < MIN_PER_MINUTE) {
            return Optional.empty();
        }
        return Optional.of(new Reason("autovacuum-churn",
                String.format(Locale.ROOT, "autovacuum ran %.0f times a minute", perMinute),
                List.of("autovacuumPerMinute")));
    }
}
