package org.pgknobs.overlay;

import java.util.List;
import org.pgknobs.BadInputException;

/** Preflight found problems; nothing on the server was changed. Carries every problem of the map, not only the first. */
public class OverlayRejectedException extends BadInputException {

    private final List<Problem> problems;

    public OverlayRejectedException(String context, List<Problem> problems) {
        super(format(context, problems));
        this.problems = List.copyOf(problems);
    }

    public List<Problem> problems() {
        return problems;
    }

    private static String format(String context, List<Problem> problems) {
        StringBuilder sb = new StringBuilder(context).append(" (").append(problems.size())
                .append(problems.size() == 1 ? " problem" : " problems").append("; nothing was changed):");
        for (Problem p : problems) {
            sb.append("\n  - ").append(p);
        }
        return sb.toString();
    }
}
