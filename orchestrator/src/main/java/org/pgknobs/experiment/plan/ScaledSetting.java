package org.pgknobs.experiment.plan;

/** One setting {@link MachineScaler} changed: where ("base" or a step name), from, to, by which factor. */
public record ScaledSetting(String where, String setting, String from, String to, double factor) {

    @Override
    public String toString() {
        return String.format("%s %s: %s -> %s (x%.3f)", where, setting, from, to, factor);
    }
}
