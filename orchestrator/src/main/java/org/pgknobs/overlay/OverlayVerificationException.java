package org.pgknobs.overlay;

import java.util.stream.Collectors;

/** After reload/restart a setting's effective value differs from the request. Carries the full result. */
public class OverlayVerificationException extends OverlayException {

    private final OverlayResult result;

    public OverlayVerificationException(OverlayResult result) {
        super("settings not in effect after apply:\n" + result.mismatches().stream()
                .map(s -> "  - " + s.name() + ": requested " + s.requested() + ", effective " + s.effectiveWithUnit()
                        + " (source " + s.source() + ")")
                .collect(Collectors.joining("\n")));
        this.result = result;
    }

    public OverlayResult result() {
        return result;
    }
}
