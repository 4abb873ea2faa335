package org.pgknobs.report.plans;

import java.util.Locale;
import org.pgknobs.collector.PlanCalls;
import org.pgknobs.results.StepPlans;

/**
 * Which plans the workload's sessions ran, beside what plans.json holds. plans.json holds generic plans on PostgreSQL
 * 16+ (EXPLAIN GENERIC_PLAN), but a session runs a custom plan for each execution under plan_cache_mode =
 * force_custom_plan, and under auto for the first five executions and whenever the generic plan looks costlier:
 * "generic plans" alone would say the sessions ran what they did not (issue 45, 0b).
 */
public final class SessionPlans {

    static final String FORCE_CUSTOM = "force_custom_plan";

    private SessionPlans() {
    }

    /**
     * "generic plans in plans.json", or with what the sessions ran where that differs: "generic plans in plans.json
     * (the sessions ran custom plans: plan_cache_mode force_custom_plan)", "(... custom plans in 812 of 1000 calls)".
     *
     * @param plans       the step's plans.json
     * @param modeSetting the step's plan_cache_mode (settings.json), used when plans.json did not record it; null
     * @param calls       pg_stat_statements' calls by generic and custom plans over the window; null without
     */
    public static String describe(StepPlans plans, String modeSetting, PlanCalls calls) {
        if (!StepPlans.GENERIC_PLAN.equals(plans.method())) {
            return "plans in plans.json";
        }
        String mode = plans.planCacheMode() != null ? plans.planCacheMode() : modeSetting;
        if (mode != null && FORCE_CUSTOM.equals(mode.strip().toLowerCase(Locale.ROOT))) {
            return "generic plans in plans.json (the sessions ran custom plans: plan_cache_mode " + FORCE_CUSTOM + ")";
        }
        if (calls != null && calls.custom() > calls.generic()) {
            return String.format(Locale.ROOT, "generic plans in plans.json (the sessions ran custom plans in %d of %d "
                    + "calls)", calls.custom(), calls.generic() + calls.custom());
        }
        return "generic plans in plans.json";
    }
}
