package org.pgknobs.report.plans;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pgknobs.collector.PlanCalls;
import org.pgknobs.results.StepPlans;

/** Which plans the sessions ran, beside plans.json's generic plans (issue 45, 0b: a step that ran custom plans). */
@Tag("unit")
class SessionPlansTest {

    @TempDir
    Path dir;

    private static StepPlans plans(String method, String mode) {
        return new StepPlans(StepPlans.SCHEMA_VERSION, 180000, "tpcc", method, 0.1, null, List.of(), mode);
    }

    @Test
    void forceCustomPlanOrCustomPlansChosenAreSaidInsteadOfGenericPlans() {
        String custom = "generic plans in plans.json (the sessions ran custom plans: plan_cache_mode force_custom_plan)";
        assertThat(SessionPlans.describe(plans(StepPlans.GENERIC_PLAN, "force_custom_plan"), null, null)).isEqualTo(custom);
        // plans.json of an older pgknobs: the step's setting says it
        assertThat(SessionPlans.describe(plans(StepPlans.GENERIC_PLAN, null), "force_custom_plan", null)).isEqualTo(custom);
        assertThat(SessionPlans.describe(plans(StepPlans.GENERIC_PLAN, "auto"), "auto", new PlanCalls(188, 812)))
                .isEqualTo("generic plans in plans.json (the sessions ran custom plans in 812 of 1000 calls)");
    }

    @Test
    void genericPlansAreSaidWhereTheSessionsRanThemOrNothingSaysOtherwise() {
        assertThat(SessionPlans.describe(plans(StepPlans.GENERIC_PLAN, "auto"), null, new PlanCalls(995, 5)))
                .isEqualTo("generic plans in plans.json");
        assertThat(SessionPlans.describe(plans(StepPlans.GENERIC_PLAN, "force_generic_plan"), null, null))
                .isEqualTo("generic plans in plans.json");
        assertThat(SessionPlans.describe(plans(StepPlans.DRAWN_PARAMETERS, "force_custom_plan"), null, null))
                .isEqualTo("plans in plans.json");
    }

    @Test
    void plansJsonWithoutPlanCacheModeReadsAsNotRecorded() throws Exception {
        Files.writeString(dir.resolve(StepPlans.FILE), "{\"schemaVersion\": 1, \"serverVersion\": 180000, "
                + "\"database\": \"tpcc\", \"method\": \"generic_plan\", \"captureSeconds\": 0.1, \"statements\": []}");
        assertThat(StepPlans.read(dir).orElseThrow().planCacheMode()).isNull();
        Files.writeString(dir.resolve(StepPlans.FILE), "{\"schemaVersion\": 1, \"method\": \"generic_plan\", "
                + "\"statements\": [], \"planCacheMode\": \"force_custom_plan\"}");
        assertThat(StepPlans.read(dir).orElseThrow().planCacheMode()).isEqualTo("force_custom_plan");
    }
}
