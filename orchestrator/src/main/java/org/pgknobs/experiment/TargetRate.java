package org.pgknobs.experiment;

import java.util.OptionalDouble;

/** Target transaction rate, passed on as BenchBase's {@code <rate>}; empty means as fast as possible ("unlimited"). */
public record TargetRate(OptionalDouble perSecond) {

    public static TargetRate unlimited() {
        return new TargetRate(OptionalDouble.empty());
    }

    public static TargetRate of(double perSecond) {
        return new TargetRate(OptionalDouble.of(perSecond));
    }

    public boolean isUnlimited() {
        return perSecond.isEmpty();
    }

    /** As BenchBase's {@code <rate>} element wants it. */
    @Override
    public String toString() {
        if (isUnlimited()) {
            return "unlimited";
        }
        double v = perSecond.getAsDouble();
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
