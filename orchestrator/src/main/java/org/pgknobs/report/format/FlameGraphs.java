package org.pgknobs.report.format;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.pgknobs.json.Json;
import org.pgknobs.profile.FoldedStacks;
import org.pgknobs.report.captures.Captures;
import org.pgknobs.report.captures.StepCaptures;
import org.pgknobs.report.ReportData;
import org.pgknobs.report.why.FrameShifts;

/**
 * The report's interactive flame graphs: per step with a profile.folded, its own and a differential one
 * against the step it is compared with (the step's frames, red where their share grew, blue where it shrank, only
 * where the change passes the profile test, {@link FrameShifts}, and the step's throughput differs from the compared
 * step's as the verdict model marks it, its why-gate; every other frame grey).
 * The drawing library is ECharts from its WebJar on the class path, inlined once per report, so report.html
 * stays one file that needs no network.
 */
final class FlameGraphs {

    /** Frames below this share of a profile's samples are left out: invisible at any width, and they bloat the file. */
    static final double MIN_SHARE = 0.001;
    private static final String WEBJAR = "META-INF/resources/webjars/echarts/";
    private static final String POM = "META-INF/maven/org.webjars.npm/echarts/pom.properties";

    private FlameGraphs() {
    }

    /** One tree node: a frame, its samples and its callees. */
    private static final class Node {
        final String name;
        long samples;
        final Map<String, Node> children = new LinkedHashMap<>();

        Node(String name) {
            this.name = name;
        }

        Node child(String n) {
            return children.computeIfAbsent(n, Node::new);
        }
    }

    /** The section for one run, with every step's graphs; empty when no step has a profile or a reason for none. */
    static Optional<String> section(ReportData.Run run) {
        StringBuilder h = new StringBuilder();
        for (ReportData.Step s : run.steps()) {
            if (s.captured().captures().isEmpty()) {
                continue;
            }
            Captures captures = s.captured().captures().get();
            Optional<FoldedStacks> stacks = read(captures.step());
            if (stacks.isEmpty()) {
                captures.step().profileSummary().strict().filter(p -> !p.captured()).ifPresent(p -> h.append("<p><b>")
                        .append(HtmlReport.esc(s.name())).append("</b>: no profile: ").append(HtmlReport.esc(p.reason()))
                        .append("</p>\n"));
                continue;
            }
            Optional<FoldedStacks> compared = captures.compared().flatMap(FlameGraphs::read);
            // the why-gate as the verdict model decided it: a frame's change is a direction only where the step's
            // throughput differs from the compared step's (its comparison marked)
            boolean differs = s.diagnosis().whyGate() == org.pgknobs.report.why.Comparison.Throughput.DIFFERS;
            String id = "flame-" + HtmlReport.esc(run.label()).replaceAll("[^A-Za-z0-9]", "") + "-" + s.index();
            // one step at a time, closed: flamegraph.js draws a step's graphs when its section opens
            h.append("<details>\n<summary>").append(HtmlReport.esc(s.name())).append(": ").append(stacks.get().samples())
                    .append(" samples of the server's processes</summary>\n");
            graph(h, id, flatten(stacks.get(), compared.orElse(null), false), false);
            compared.ifPresent(c -> {
                List<List<Object>> items = flatten(stacks.get(), c, true, differs);
                h.append("<p class=\"meta\">").append(HtmlReport.esc(legend(c.samples(), items, differs))).append("</p>\n");
                graph(h, id + "-diff", items, true);
            });
            h.append("</details>\n");
        }
        if (h.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("<h3>Server CPU profiles (perf, click a frame to zoom, double-click to zoom out)</h3>\n" + h);
    }

    /** True when {@link #section} drew a graph, so the library must be inlined. */
    static boolean drew(String html) {
        return html.contains("<div class=\"flame\"");
    }

    private static Optional<FoldedStacks> read(StepCaptures step) {
        // a broken capture file must not cost the user the rest of the report
        return step.profile().lenient().filter(f -> f.samples() > 0);
    }

    private static void graph(StringBuilder h, String id, List<List<Object>> items, boolean diff) {
        h.append("<div class=\"flame\" data-flame=\"").append(id).append("-data\" data-diff=\"").append(diff)
                .append("\"></div>\n<script type=\"application/json\" id=\"").append(id).append("-data\">")
                // <, > and & only occur inside JSON strings here: as \\u escapes they keep the page well-formed XML
                .append(Json.line(items).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))
                .append("</script>\n");
    }

    /** The differential graph's legend: what its colours mean, and which frames the test let through. */
    static String legend(long comparedSamples, List<List<Object>> items, boolean differs) {
        String head = "Differential against the compared step (" + comparedSamples + " samples): ";
        if (!differs) {
            return head + "every frame grey. This step's throughput is not marked as differing from the compared step's"
                    + " (or cannot be told), so no frame's change of share is shown as a direction.";
        }
        long passed = items.stream().filter(i -> Boolean.TRUE.equals(i.get(6))).count();
        return head + "red frames gained share, blue lost it, only where the change passes the profile test ("
                + FrameShifts.stated(items.size()) + "): " + passed + " of " + items.size() + " frames; the others grey.";
    }

    /** {@link #flatten(FoldedStacks, FoldedStacks, boolean, boolean)} with the why-gate open. */
    static List<List<Object>> flatten(FoldedStacks stacks, FoldedStacks compared, boolean diff) {
        return flatten(stacks, compared, diff, true);
    }

    /**
     * [[depth, start, end, name, samples, delta points or null, passed or null], ...], root first, callers before
     * callees. {@code passed}: in a differential, whether the frame's change passes the profile test
     * ({@link FrameShifts}) with the why-gate open ({@code differs}); the graph colours only those.
     */
    static List<List<Object>> flatten(FoldedStacks stacks, FoldedStacks compared, boolean diff, boolean differs) {
        Node root = tree(stacks);
        Node before = compared == null ? null : tree(compared);
        List<List<Object>> out = new ArrayList<>();
        List<Long> beforeSamples = new ArrayList<>();
        long beforeTotal = compared == null ? 0 : compared.samples();
        walk(root, before, 0, 0, root.samples, beforeTotal, diff, out, beforeSamples);
        boolean[] passed = diff && differs ? FrameShifts.changed(out.stream().mapToLong(i -> (Long) i.get(4)).toArray(),
                root.samples, beforeSamples.stream().mapToLong(Long::longValue).toArray(), beforeTotal)
                : new boolean[out.size()];
        for (int i = 0; i < out.size(); i++) {
            out.get(i).add(diff ? passed[i] : null);
        }
        return out;
    }

    private static Node tree(FoldedStacks stacks) {
        Node root = new Node("all");
        stacks.counts().forEach((stack, n) -> {
            root.samples += n;
            Node at = root;
            for (String frame : stack.split(";")) {
                at = at.child(frame);
                at.samples += n;
            }
        });
        return root;
    }

    private static void walk(Node n, Node before, int depth, long offset, long total, long beforeTotal, boolean diff,
                             List<List<Object>> out, List<Long> beforeSamples) {
        Double delta = null;
        if (diff) {
            double was = before == null || beforeTotal == 0 ? 0 : (double) before.samples / beforeTotal;
            delta = Math.round(1000 * (100.0 * n.samples / total - 100 * was)) / 1000.0;
        }
        List<Object> item = new ArrayList<>(List.of(depth, (double) offset / total, (double) (offset + n.samples) / total,
                n.name, n.samples));
        item.add(delta);
        out.add(item);
        beforeSamples.add(before == null ? 0 : before.samples);
        long at = offset;
        for (Node c : n.children.values().stream().sorted((a, b) -> a.name.compareTo(b.name)).toList()) {
            if ((double) c.samples / total >= MIN_SHARE) {
                walk(c, before == null ? null : before.children.get(c.name), depth + 1, at, total, beforeTotal, diff, out,
                        beforeSamples);
            }
            at += c.samples;
        }
    }

    /** Our drawing code for the flame graphs, as a script block; read from the class path when the report is rendered. */
    static String drawing() {
        return script(resource("org/pgknobs/report/format/flamegraph.js"));
    }

    /**
     * ECharts as the report inlines it: the WebJar's echarts.min.js with its one "]]>" (a string literal) written
     * "]]\\x3e", the same string, so that it cannot end the script's CDATA section. Its only addresses are XML
     * namespace strings and its licence comment: nothing the page loads.
     */
    static String library() {
        return resource(WEBJAR + version() + "/dist/echarts.min.js").replace("\"]]>\"", "\"]]\\x3e\"");
    }

    /** A script block whose text a browser runs as is and an XML parser skips as CDATA (report.html stays well-formed). */
    static String script(String js) {
        if (js.contains("]]>")) {
            throw new IllegalStateException("a script for report.html holds ']]>', which would end its CDATA section");
        }
        return "<script>//<![CDATA[\n" + js + "\n//]]></script>\n";
    }

    private static String version() {
        Properties p = new Properties();
        try (InputStream in = stream(POM)) {
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + POM + ": " + e.getMessage(), e);
        }
        return p.getProperty("version");
    }

    static String resource(String name) {
        try (InputStream in = stream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("</script", "<\\/script");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + name + ": " + e.getMessage(), e);
        }
    }

    private static InputStream stream(String name) throws IOException {
        InputStream in = FlameGraphs.class.getClassLoader().getResourceAsStream(name);
        if (in == null) {
            throw new IOException(name + " is not on the class path (the org.webjars.npm:echarts dependency)");
        }
        return in;
    }
}
