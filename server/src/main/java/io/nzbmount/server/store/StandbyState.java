package io.nzbmount.server.store;

import java.util.Locale;

/**
 * Where the proof of a standby stands. {@code PENDING}: not tried yet (or due again);
 * {@code VALIDATING}: a sweep is running; {@code VERIFIED}: every sample matched;
 * {@code MISMATCH}: its bytes differ (length or fingerprint), for good; {@code INCONCLUSIVE}: some
 * sample could not be read, never a match, tried again later; {@code DEAD}: it cannot be read at
 * all (first article missing, NZB refused), for good.
 */
public enum StandbyState {
    PENDING, VALIDATING, VERIFIED, MISMATCH, INCONCLUSIVE, DEAD;

    /** The lower-case word stored in the database and shown by the API. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    static StandbyState ofWord(String word) {
        return valueOf(word.toUpperCase(Locale.ROOT));
    }

    /** Whether nothing will ever change this verdict (the candidate is never tried again). */
    public boolean permanent() {
        return this == MISMATCH || this == DEAD;
    }
}
