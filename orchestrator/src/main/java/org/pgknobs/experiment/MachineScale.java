package org.pgknobs.experiment;

/** The machine a published configuration was sized for (a profile's {@code scale:}), in bytes. */
public record MachineScale(long ramBytes, long diskBytes) {
}
