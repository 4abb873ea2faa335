package org.pgknobs.history;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;

/** SHA-256 over text: a step's settings (sorted name=value lines), a run's identity. */
final class Fingerprint {

    private Fingerprint() {
    }

    static String of(Map<String, String> settings) {
        StringBuilder text = new StringBuilder();
        new TreeMap<>(settings).forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
        return sha256(text.toString());
    }

    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }
}
