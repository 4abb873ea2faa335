package org.pgknobs.experiment.trust;

import java.util.List;
import java.util.Locale;

/** What changed in a trusted file since it was trusted, in a line: the first lines that differ, by number. */
final class ContentChange {

    private static final int SHOWN = 3;

    private ContentChange() {
    }

    static String describe(String before, String now) {
        if (before == null) {
            return "its content changed";
        }
        List<String> a = before.lines().toList();
        List<String> b = now.lines().toList();
        StringBuilder sb = new StringBuilder();
        int shown = 0;
        int differing = 0;
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
            String was = i < a.size() ? a.get(i) : null;
            String is = i < b.size() ? b.get(i) : null;
            if (was != null && was.equals(is)) {
                continue;
            }
            differing++;
            if (shown < SHOWN) {
                sb.append(shown == 0 ? "" : "; ").append(String.format(Locale.ROOT, "line %d %s", i + 1,
                        was == null ? "added: '" + is.strip() + "'" : is == null ? "removed: '" + was.strip() + "'"
                                : "was '" + was.strip() + "', now '" + is.strip() + "'"));
                shown++;
            }
        }
        if (differing == 0) {
            return "its bytes changed (line endings or invisible characters)";
        }
        return sb + (differing > shown ? String.format(Locale.ROOT, "; %d more lines differ", differing - shown) : "");
    }
}
