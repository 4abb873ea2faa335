package org.pgknobs.run.capture;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.pgknobs.json.Json;
import org.pgknobs.results.JsonFiles;
import org.pgknobs.results.PlanDigest;
import org.pgknobs.results.StepPlans;
import org.pgknobs.server.ConnectionInfo;
import org.pgknobs.workload.Workload;
import org.pgknobs.workload.WorkloadStatement;

/**
 * Writes plans.json: EXPLAIN (FORMAT JSON, VERBOSE) of every statement the workload names, in its database,
 * on the step's settings as verified. PostgreSQL 16+ plans each with GENERIC_PLAN, the plan a prepared
 * statement gets without values; older servers PREPARE it and EXPLAIN EXECUTE it with values drawn as the
 * workload draws them. It records plan_cache_mode as the session shows it: a workload session under
 * {@code force_custom_plan} runs custom plans, whatever plans.json holds. It sets nothing: the session is pgknobs'
 * own and the prepared statement is gone with it. A statement that cannot be explained is recorded with PostgreSQL's message; nothing here fails a step.
 */
final class PlanCapture implements StepCapture {

    /** The first major with EXPLAIN (GENERIC_PLAN). */
    static final int GENERIC_PLAN_SINCE = 160000;
    private static final String PREPARED = "pgknobs_plan";

    @Override
    public void beforeRun(StepSubject step) {
        capture(step.workload(), step.server().connection(), step.dir());
    }

    /** Explains and writes {@code dir/plans.json}; nothing when the workload names no statement. */
    static void capture(Workload workload, ConnectionInfo admin, Path dir) {
        long t0 = System.nanoTime();
        StepPlans plans;
        try {
            List<WorkloadStatement> statements = workload.statements();
            if (statements.isEmpty()) {
                return;
            }
            plans = explainAll(statements, admin.withDatabase(workload.database()), t0);
        } catch (SQLException | RuntimeException e) {
            plans = new StepPlans(StepPlans.SCHEMA_VERSION, null, workload.database(), null, secondsSince(t0),
                    "not captured: " + e.getMessage(), List.of());
        }
        try {
            JsonFiles.write(dir.resolve(StepPlans.FILE), plans);
        } catch (RuntimeException e) {
            // the plans explain a measurement; failing to write them is never a reason to lose it
        }
    }

    private static StepPlans explainAll(List<WorkloadStatement> statements, ConnectionInfo db, long t0) throws SQLException {
        // simple query protocol: GENERIC_PLAN's $n belong to the explained statement only in a simple query
        try (Connection c = db.connect(db.database(), Map.of("preferQueryMode", "simple",
                "ApplicationName", "pgknobs-plans")); Statement s = c.createStatement()) {
            int version = serverVersion(s);
            boolean generic = version >= GENERIC_PLAN_SINCE;
            List<StepPlans.StatementPlan> out = new ArrayList<>();
            for (WorkloadStatement w : statements) {
                out.add(generic ? explainGeneric(s, w) : explainDrawn(s, w));
            }
            return new StepPlans(StepPlans.SCHEMA_VERSION, version, db.database(),
                    generic ? StepPlans.GENERIC_PLAN : StepPlans.DRAWN_PARAMETERS, secondsSince(t0), null, out,
                    show(s, "plan_cache_mode"));
        }
    }

    private static StepPlans.StatementPlan explainGeneric(Statement s, WorkloadStatement w) {
        return explain(s, w, "EXPLAIN (FORMAT JSON, VERBOSE, GENERIC_PLAN) " + w.sql(), null);
    }

    private static StepPlans.StatementPlan explainDrawn(Statement s, WorkloadStatement w) {
        List<String> literals;
        try {
            literals = w.arguments().get().stream().map(PlanCapture::literal).toList();
        } catch (RuntimeException e) {
            return failed(w, null, "drawing its parameters failed: " + e.getMessage());
        }
        if (literals.isEmpty()) {
            return explain(s, w, "EXPLAIN (FORMAT JSON, VERBOSE) " + w.sql(), literals);
        }
        try {
            s.execute("PREPARE " + PREPARED + " AS " + w.sql());
        } catch (SQLException e) {
            return failed(w, literals, e.getMessage());
        }
        try {
            return explain(s, w, "EXPLAIN (FORMAT JSON, VERBOSE) EXECUTE " + PREPARED + "(" + String.join(", ", literals) + ")",
                    literals);
        } finally {
            try {
                s.execute("DEALLOCATE " + PREPARED);
            } catch (SQLException e) {
                // gone with the session anyway
            }
        }
    }

    private static StepPlans.StatementPlan explain(Statement s, WorkloadStatement w, String sql, List<String> arguments) {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            JsonNode plan = Json.tree(rs.getString(1));
            JsonNode id = plan.path(0).get("Query Identifier");
            return new StepPlans.StatementPlan(w.name(), w.sql(), arguments,
                    id != null && id.canConvertToLong() ? id.longValue() : null, plan, PlanDigest.of(plan), null);
        } catch (SQLException | IOException e) {
            return failed(w, arguments, e.getMessage());
        }
    }

    private static StepPlans.StatementPlan failed(WorkloadStatement w, List<String> arguments, String error) {
        return new StepPlans.StatementPlan(w.name(), w.sql(), arguments, null, null, null, error);
    }

    /** A setting as this session shows it (the server's, which the workload's sessions start with). */
    private static String show(Statement s, String setting) throws SQLException {
        try (ResultSet rs = s.executeQuery("SHOW " + setting)) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static int serverVersion(Statement s) throws SQLException {
        try (ResultSet rs = s.executeQuery("SHOW server_version_num")) {
            rs.next();
            return Integer.parseInt(rs.getString(1).strip());
        }
    }

    private static double secondsSince(long nanos) {
        return (System.nanoTime() - nanos) / 1e9;
    }

    /** A drawn value as an SQL literal: numbers as they are, anything else quoted. */
    static String literal(Object v) {
        if (v instanceof BigDecimal b) {
            return b.toPlainString();
        }
        if (v instanceof Number || v instanceof Boolean) {
            return v.toString();
        }
        return "'" + String.valueOf(v).replace("'", "''") + "'";
    }
}
