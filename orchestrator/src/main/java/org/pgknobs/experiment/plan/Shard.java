package org.pgknobs.experiment.plan;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.pgknobs.BadInputException;

/** {@code --shard i/n}: this process is host i of n (1-based, as schedulers' array indexes are shifted to). */
public record Shard(int index, int count) {

    private static final Pattern FORM = Pattern.compile("(\\d{1,6})/(\\d{1,6})");

    public Shard {
        if (count < 1 || index < 1 || index > count) {
            throw new IllegalArgumentException(index + "/" + count);
        }
    }

    public static Shard whole() {
        return new Shard(1, 1);
    }

    public static Shard parse(String text) {
        Matcher m = FORM.matcher(text == null ? "" : text.trim());
        if (m.matches()) {
            int i = Integer.parseInt(m.group(1));
            int n = Integer.parseInt(m.group(2));
            if (n >= 1 && i >= 1 && i <= n) {
                return new Shard(i, n);
            }
        }
        throw new BadInputException("--shard " + text + ": expected i/n with 1 <= i <= n, e.g. --shard 1/4 "
                + "(a Kubernetes Indexed Job passes $((JOB_COMPLETION_INDEX + 1))/4)");
    }

    public boolean isWhole() {
        return count == 1;
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }
}
