package org.pgknobs.results;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.pgknobs.json.Json;

/**
 * plans.json: the planner's choice for every statement of the workload, captured after the step's
 * settings were verified and before its warm-up, with no setting changed. Null fields were not captured.
 *
 * @param serverVersion  server_version_num of the server planned on
 * @param method         {@value #GENERIC_PLAN} (EXPLAIN GENERIC_PLAN, PostgreSQL 16+) or {@value #DRAWN_PARAMETERS}
 *                       (PREPARE, then EXPLAIN EXECUTE with values drawn as the workload draws them)
 * @param captureSeconds how long the whole capture took
 * @param error          why nothing was captured (no connection); null when the statements were explained
 * @param planCacheMode  the server's plan_cache_mode as the capture's session showed it (the workload's sessions
 *                       start with it): with {@code force_custom_plan} they ran custom plans, whatever plans.json
 *                       holds; null when not recorded (plans.json of pgknobs before issue 45)
 */
public record StepPlans(int schemaVersion, Integer serverVersion, String database, String method,
                        Double captureSeconds, String error, List<StatementPlan> statements, String planCacheMode) {

    /** Without plan_cache_mode recorded. */
    public StepPlans(int schemaVersion, Integer serverVersion, String database, String method, Double captureSeconds,
                     String error, List<StatementPlan> statements) {
        this(schemaVersion, serverVersion, database, method, captureSeconds, error, statements, null);
    }

    public static final String FILE = "plans.json";
    public static final int SCHEMA_VERSION = 1;
    public static final String GENERIC_PLAN = "generic_plan";
    public static final String DRAWN_PARAMETERS = "drawn_parameters";

    public StepPlans {
        statements = statements == null ? List.of() : List.copyOf(statements);
    }

    /**
     * One statement's plan.
     *
     * @param sql       the text the server receives ({@code $n} for bound parameters)
     * @param arguments the values it was planned with ({@value #DRAWN_PARAMETERS} only)
     * @param queryId   EXPLAIN VERBOSE's "Query Identifier" (pg_stat_statements' queryid), printed only when
     *                  compute_query_id is on (its default "auto" turns it on with pg_stat_statements loaded)
     * @param plan      EXPLAIN (FORMAT JSON, VERBOSE) as PostgreSQL printed it
     * @param error     PostgreSQL's message when EXPLAIN failed; plan and digest are then null
     */
    public record StatementPlan(String name, String sql, List<String> arguments, Long queryId, JsonNode plan,
                                PlanDigest digest, String error) {
    }

    public Optional<StatementPlan> statement(String name) {
        return statements.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    /** The step's plans.json; empty when the step has none or it cannot be read (older pgknobs, a crash). */
    public static Optional<StepPlans> read(Path stepDir) {
        Path file = stepDir == null ? null : stepDir.resolve(FILE);
        if (file == null || !Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Json.parse(file, StepPlans.class));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
