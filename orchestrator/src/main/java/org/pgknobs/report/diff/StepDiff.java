package org.pgknobs.report.diff;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code pgknobs diff}'s text: which two steps, then the settings that differ, the throughput, the server's
 * statistics, and every section of {@link DiffSections#all()}, each under its title. A section neither
 * step has figures for says so in one line.
 */
public final class StepDiff {

    private StepDiff() {
    }

    public static List<String> lines(StepTarget a, StepTarget b) {
        List<String> out = new ArrayList<>();
        out.add("A: " + a.label());
        out.add("B: " + b.label());
        SettingsDiff settings = new SettingsDiff();
        section(out, settings.title(), settings.lines(a.chosen(), b.chosen()));
        section(out, "throughput (step.json, headline phase)", ThroughputDiff.lines(a, b));
        List<DiffSection> sections = new ArrayList<>(List.of(new StatsDiff()));
        sections.addAll(DiffSections.all());
        for (DiffSection s : sections) {
            section(out, s.title(), s.lines(a.chosen(), b.chosen()));
        }
        return out;
    }

    private static void section(List<String> out, String title, List<String> lines) {
        out.add("");
        out.add("== " + title);
        if (lines.isEmpty()) {
            out.add("  neither step has these figures");
        }
        lines.forEach(l -> out.add("  " + l));
    }
}
