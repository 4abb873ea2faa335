package org.pgknobs.report.format;

import java.util.ArrayList;
import java.util.List;
import org.pgknobs.report.ReportData;

/**
 * The versions table and the merged shard tables as plain cells, so report.md and report.html render
 * the same text (each in its own markup).
 */
final class PartsTables {

    /** @param notes lines under the table (reasons, missing runs) */
    record Table(String title, String intro, List<String> header, List<List<String>> rows, List<String> notes) {
    }

    private PartsTables() {
    }

    static List<Table> of(ReportData data) {
        List<Table> out = new ArrayList<>();
        if (data.versions() != null) {
            out.add(versions(data.versions()));
        }
        data.shards().forEach(s -> out.add(shards(s)));
        return out;
    }

    private static Table versions(ReportData.VersionTable v) {
        List<String> header = new ArrayList<>(List.of("step"));
        v.versions().forEach(m -> header.add("PostgreSQL " + m));
        List<List<String>> rows = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        // a reason every interval-less cell shares (one repeat a side, say) is said once under the table
        String shared = Fmt.sharedNoInterval(v.rows().stream().flatMap(r -> r.cells().stream())
                .filter(c -> c.throughput() != null).map(ReportData.VersionCell::interval).toList());
        for (ReportData.VersionRow r : v.rows()) {
            List<String> cells = new ArrayList<>(List.of(r.step()));
            for (int k = 0; k < r.cells().size(); k++) {
                ReportData.VersionCell c = r.cells().get(k);
                boolean ref = v.versions().get(k) == v.reference();
                cells.add(c.throughput() != null ? Fmt.num(c.throughput()) + (ref ? "" : " (" + Fmt.ratio(c.ratioToReference(), c.interval(), shared) + ")")
                        : c.status());
                if (c.throughput() == null && c.reason() != null) {
                    notes.add(r.step() + " on " + v.versions().get(k) + ": " + c.status() + ", " + c.reason());
                }
            }
            rows.add(cells);
        }
        if (shared != null) {
            notes.add(0, Fmt.sharedNote(shared));
        }
        return new Table("PostgreSQL versions side by side", "Headline throughput per step (median over repeats "
                + "and shards); ÷ PostgreSQL " + v.reference() + " in brackets, with its 95 % interval from both versions' repeats.", header, rows, notes);
    }

    private static Table shards(ReportData.ShardTable s) {
        List<String> header = new ArrayList<>(List.of("step"));
        header.addAll(s.hosts());
        header.addAll(List.of("combined", "host-to-host spread"));
        List<List<String>> rows = new ArrayList<>();
        for (ReportData.ShardRow r : s.rows()) {
            List<String> cells = new ArrayList<>(List.of(r.step() + (r.base() && !r.step().equals("base") ? " (base)" : "")));
            r.perHost().forEach(v -> cells.add(r.base() ? Fmt.num(v) : Fmt.ratio(v)));
            cells.add(r.base() ? Fmt.num(r.combined()) : Fmt.ratio(r.combined(), r.interval()));
            cells.add(r.base() ? Fmt.percent(s.baseSpread()) + (s.baseSpread() == null ? "" : " %") : Fmt.ratio(r.spread()));
            rows.add(cells);
        }
        List<String> notes = new ArrayList<>();
        notes.add(s.missing().isEmpty() ? "Every planned run is here." : "Planned runs missing: " + String.join(", ", s.missing()));
        if (!s.duplicated().isEmpty()) {
            notes.add("Runs more than one shard holds: " + String.join(", ", s.duplicated()));
        }
        return new Table("Shards of " + s.experiment() + (s.pgMajor() == null ? "" : " on PostgreSQL " + s.pgMajor()) + " merged",
                "Base row: each host's base throughput; other rows: throughput ÷ the base of the host that ran it "
                        + "(median over its repeats there). Combined: median over all hosts' runs, with its 95 % interval against "
                        + "the base runs (each ÷ its own host's base). Spread: max − min "
                        + "over hosts (base: as % of the median base).", header, rows, notes);
    }
}
