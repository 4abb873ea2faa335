package org.pgknobs.experiment;

import java.nio.file.Path;

/**
 * The user's trust in experiment files, each for its exact content (as direnv's {@code allow} records an .envrc's
 * hash): a file trusted with {@code pgknobs trust FILE} may use the gated settings and initdb options it holds,
 * and a changed byte makes it untrusted again. The file itself can never grant anything (docs/security.md).
 */
public interface TrustBook {

    /** What the user's trust says of {@code file} (its real path) holding exactly {@code content}. */
    Standing standing(Path file, byte[] content);

    /** Nobody's trust: only {@code --allow} grants. */
    TrustBook NONE = (file, content) -> new Untrusted();

    /** The file's standing. */
    sealed interface Standing permits Trusted, Untrusted, Changed {
    }

    /** Trusted as it is now: {@code sha256} of its content. */
    record Trusted(String sha256) implements Standing {
    }

    /** Never trusted, or revoked. */
    record Untrusted() implements Standing {
    }

    /** Trusted once, with other content: {@code what} says what changed since. */
    record Changed(String what) implements Standing {
    }
}
