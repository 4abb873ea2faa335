package org.pgknobs.report.why;

import java.util.List;

/**
 * Changed settings of one family that had nothing to act on: its counter was 0 in every measured window of
 * the step and of the step it is compared with. report.json carries it as the step's {@code nothingToActOn}.
 *
 * @param family   the family's name in {@link Mechanism#TABLE}
 * @param settings the changed settings of that family, with the step's values ("max_wal_size 241MB")
 * @param counter  what the idle counter reads as ("0 checkpoints")
 * @param against  the step compared with
 * @param text     the why-line
 * @param figures  what it read (pgstats.json names)
 */
public record Inert(String family, List<String> settings, String counter, String against, String text,
                    List<String> figures) {

    public Inert {
        settings = List.copyOf(settings);
        figures = List.copyOf(figures);
    }

    public Reason reason() {
        return new Reason(NothingToActOn.RULE, text, figures);
    }

    /** "max_wal_size (0 checkpoints)": the table's short form. */
    public String brief() {
        return String.join(", ", settings.stream().map(s -> s.split(" ", 2)[0]).toList()) + " (" + counter + ")";
    }
}
