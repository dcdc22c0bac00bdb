package io.nzbmount.server.store;

/**
 * Where the proof of a standby stands. {@code PENDING}: not tried yet (or due again);
 * {@code PROVING}: a sweep is running; {@code VERIFIED}: every sample matched;
 * {@code MISMATCH}: its bytes differ (length or fingerprint), for good; {@code INCONCLUSIVE}: some
 * sample could not be read, never a match, tried again later; {@code DEAD}: it cannot be read at
 * all (first article missing, NZB refused), for good.
 */
public enum StandbyState {
    PENDING("pending"),
    /** Its word is {@code validating}, kept for the stored rows. */
    PROVING("validating"),
    VERIFIED("verified"),
    MISMATCH("mismatch"),
    INCONCLUSIVE("inconclusive"),
    DEAD("dead");

    private final String word;

    StandbyState(String word) {
        this.word = word;
    }

    /** The lower-case word stored in the database (the API's words are {@code api.WireWords}). */
    String word() {
        return word;
    }

    static StandbyState ofWord(String word) {
        for (StandbyState s : values()) {
            if (s.word.equalsIgnoreCase(word)) return s;
        }
        throw new IllegalArgumentException("no standby state " + word);
    }

    /** Whether nothing will ever change this verdict (the candidate is never tried again). */
    public boolean permanent() {
        return this == MISMATCH || this == DEAD;
    }
}
