package org.pgknobs.workload.tpcc;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** The public schema as sorted text lines: columns (type, nullability, default), constraints, indexes. */
final class CatalogDescription {

    private CatalogDescription() {
    }

    static List<String> of(Connection c) throws SQLException {
        List<String> out = new ArrayList<>();
        query(c, """
                SELECT 'column ' || cl.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
                       || CASE WHEN a.attnotnull THEN ' not null' ELSE ' null' END
                       || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '')
                FROM pg_attribute a
                JOIN pg_class cl ON cl.oid = a.attrelid
                LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
                WHERE cl.relnamespace = 'public'::regnamespace AND cl.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
                ORDER BY cl.relname, a.attnum""", out);
        query(c, """
                SELECT 'constraint ' || conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
                FROM pg_constraint
                WHERE connamespace = 'public'::regnamespace AND contype IN ('p', 'u', 'f')
                ORDER BY conrelid::regclass::text, conname""", out);
        query(c, """
                SELECT 'index ' || indexname || ' ' || indexdef FROM pg_indexes
                WHERE schemaname = 'public' ORDER BY indexname""", out);
        return out;
    }

    private static void query(Connection c, String sql, List<String> out) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
    }
}
