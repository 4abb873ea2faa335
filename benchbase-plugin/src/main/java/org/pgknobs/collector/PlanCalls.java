package org.pgknobs.collector;

/**
 * How often a statement ran by a cached generic plan and by a custom one (pg_stat_statements'
 * {@code generic_plan_calls} and {@code custom_plan_calls}; absent where the installed extension lacks them, as
 * PostgreSQL 18.6's pg_stat_statements 1.12 does). A generic plan is
 * made once per connection and statement, without the parameters' values: on a table of a few pages it is a
 * Seq Scan, and under SERIALIZABLE a Seq Scan locks the whole relation (docs/tpcc.md, "Two regimes").
 */
public record PlanCalls(long generic, long custom) {

    PlanCalls minus(PlanCalls before) {
        return before == null ? this : new PlanCalls(generic - before.generic, custom - before.custom);
    }

    PlanCalls plus(PlanCalls other) {
        return other == null ? null : new PlanCalls(generic + other.generic, custom + other.custom);
    }

    boolean below(PlanCalls before) {
        return before != null && (generic < before.generic || custom < before.custom);
    }
}
