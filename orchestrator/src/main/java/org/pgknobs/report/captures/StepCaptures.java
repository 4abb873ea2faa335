package org.pgknobs.report.captures;

import java.util.List;
import java.util.Optional;
import org.pgknobs.collector.StatementsDocument;
import org.pgknobs.results.AppliedSetting;
import org.pgknobs.profile.FoldedStacks;
import org.pgknobs.results.ProfileSummary;
import org.pgknobs.results.StepPlans;

/**
 * The capture files of one step directory (one repeat).
 *
 * @param settings           settings.json: what the step set, as pg_settings showed it; empty without the file
 * @param autovacuumLogEntries the entries of the step's autovacuum.log
 */
public record StepCaptures(Capture<StepPlans> plans, Capture<StatementsDocument> statements,
                           Capture<FoldedStacks> profile, Capture<ProfileSummary> profileSummary,
                           Capture<Long> autovacuumLogEntries, Optional<List<AppliedSetting>> settings) {

    public static final StepCaptures NONE = new StepCaptures(Capture.absent(), Capture.absent(), Capture.absent(),
            Capture.absent(), Capture.absent(), Optional.empty());
}
