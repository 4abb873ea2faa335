package org.pgknobs.experiment;

import java.util.OptionalDouble;

/** Target transaction rate, passed on as BenchBase's {@code <rate>}; empty means as fast as possible ("unlimited"). */
public record Rate(OptionalDouble perSecond) {

    public static Rate unlimited() {
        return new Rate(OptionalDouble.empty());
    }

    public static Rate of(double perSecond) {
        return new Rate(OptionalDouble.of(perSecond));
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
