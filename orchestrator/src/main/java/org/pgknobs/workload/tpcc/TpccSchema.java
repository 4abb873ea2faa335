package org.pgknobs.workload.tpcc;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** BenchBase's PostgreSQL TPC-C DDL, in the sections the loader applies at different times. */
public final class TpccSchema {

    public static final List<String> TABLES = List.of("warehouse", "district", "customer", "history", "oorder",
            "new_order", "order_line", "item", "stock");

    private final Map<String, List<String>> sections;
    private final String text;

    private TpccSchema(String text) {
        this.text = text;
        this.sections = parse(text);
    }

    public static TpccSchema postgres() {
        try (InputStream in = TpccSchema.class.getResourceAsStream("ddl-postgres.sql")) {
            return new TpccSchema(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** SHA-256 of the DDL text: a change to the schema changes what a load writes. */
    public String digest() {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }

    /** Drops and creates the tables, without keys (BenchBase's --create drops existing tables too). */
    public List<String> tables() {
        return sections.get("tables");
    }

    /** Primary keys, unique constraints and secondary indexes; each statement independent of the others. */
    public List<String> keys() {
        return sections.get("keys");
    }

    /** Foreign keys; they need the keys first. */
    public List<String> foreignKeys() {
        return sections.get("foreign-keys");
    }

    /** The whole schema at once, as BenchBase's {@code --create} leaves it. */
    public void createAll(Connection c) throws SQLException {
        execute(c, tables());
        execute(c, keys());
        execute(c, foreignKeys());
    }

    static void execute(Connection c, List<String> statements) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
        }
    }

    private static Map<String, List<String>> parse(String text) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        List<String> current = null;
        StringBuilder stmt = new StringBuilder();
        for (String line : text.split("\n")) {
            String t = line.strip();
            if (t.startsWith("-- @section ")) {
                current = new ArrayList<>();
                out.put(t.substring("-- @section ".length()).strip(), current);
                continue;
            }
            if (t.isEmpty() || t.startsWith("--") || current == null) {
                continue;
            }
            stmt.append(line).append('\n');
            if (t.endsWith(";")) {
                String s = stmt.toString().strip();
                current.add(s.substring(0, s.length() - 1));
                stmt.setLength(0);
            }
        }
        return out;
    }
}
