package org.pgknobs.collector;

import java.util.List;

/**
 * One query of a snapshot round. {@code group} names the result in the output (a view name, or a
 * version-neutral name such as {@code checkpoints}); {@code source} is the view it reads on this
 * server; every column not in {@code labelColumns} must be numeric.
 */
public record StatQuery(String group, String source, String sql, List<String> labelColumns) {

    public StatQuery {
        labelColumns = List.copyOf(labelColumns);
    }
}
