package org.pgknobs.report.plans;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.PlanDigest;
import org.pgknobs.results.StepPlans;

/** Crafted plans.json contents for the plan diff's tests (report.plans, report.why, report.diff). */
public final class PlanFixtures {

    private PlanFixtures() {
    }

    public static final PlanDigest INDEX = digest(List.of("LockRows", "Index Scan"), List.of("Index Scan using stock_pkey on stock"), 8.32);
    public static final PlanDigest SEQ = digest(List.of("LockRows", "Seq Scan"), List.of("Seq Scan on stock"), 817.0);

    public static PlanDigest digest(List<String> types, List<String> scans, Double cost) {
        return new PlanDigest(types, List.of("stock"), List.of(), types.stream().filter(t -> t.contains("Join")
                || t.equals("Nested Loop")).toList(), scans, 1.0, cost);
    }

    public static StepPlans.StatementPlan plan(String name, Long queryId, PlanDigest d) {
        return new StepPlans.StatementPlan(name, "SELECT " + name, null, queryId, null, d, d == null ? "ERROR: boom" : null);
    }

    public static StepPlans plans(StepPlans.StatementPlan... statements) {
        return new StepPlans(StepPlans.SCHEMA_VERSION, 180000, "tpcc", StepPlans.GENERIC_PLAN, 0.2, null, List.of(statements));
    }

    /** A step directory holding these plans. */
    public static Path step(Path parent, String name, StepPlans plans) throws Exception {
        Path d = Files.createDirectories(parent.resolve(name));
        JsonFiles.write(d.resolve(StepPlans.FILE), plans);
        return d;
    }
}
