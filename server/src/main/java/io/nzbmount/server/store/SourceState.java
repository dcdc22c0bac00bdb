package io.nzbmount.server.store;

/**
 * Where a source stands. {@code READY}: imported and usable (a primary starts here).
 * {@code PENDING}: a standby not yet proved identical to the primary. {@code VERIFIED}: proved.
 * {@code FAILED}: excluded for now (may become eligible again). {@code DEAD}: never to be tried
 * again (a missing first article, a length or fingerprint mismatch).
 */
public enum SourceState {
    READY("ready"),
    PENDING("pending"),
    /** Its word is {@code validated}, kept for the stored rows. */
    VERIFIED("validated"),
    FAILED("failed"),
    DEAD("dead");

    private final String word;

    SourceState(String word) {
        this.word = word;
    }

    /** The lower-case word stored in the database (the API's words are {@code api.WireWords}). */
    String word() {
        return word;
    }

    static SourceState ofWord(String word) {
        for (SourceState s : values()) {
            if (s.word.equalsIgnoreCase(word)) return s;
        }
        throw new IllegalArgumentException("no source state " + word);
    }
}
