package io.nzbmount.server.store;

import java.util.Locale;

/**
 * Where a source stands. {@code READY}: imported and usable (a primary starts here).
 * {@code PENDING}: a standby not yet proved identical to the primary. {@code VALIDATED}: proved.
 * {@code FAILED}: excluded for now (may become eligible again). {@code DEAD}: never to be tried
 * again (a missing first article, a length or fingerprint mismatch).
 */
public enum SourceState {
    READY, PENDING, VALIDATED, FAILED, DEAD;

    /** The lower-case word stored in the database and shown by the API. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    static SourceState ofWord(String word) {
        return valueOf(word.toUpperCase(Locale.ROOT));
    }
}
