package io.nzbmount.server.proof;

import java.util.Locale;

/**
 * What a proof that a standby holds the primary's bytes concluded: the one word for it in the
 * code, whichever proof reached it (a background proof, a cutover's sweep, a current-range proof).
 * The store alone turns a verdict into the states it keeps ({@code store.SourceState},
 * {@code store.StandbyState}).
 */
public enum Verdict {
    /** Every compared byte range is equal: the standby may serve. */
    VERIFIED,
    /** Some range differs (or a file's length): the standby holds other bytes, for good. */
    MISMATCH,
    /** Not everything could be compared. Never a match; may be tried again later. */
    INCONCLUSIVE,
    /** The standby cannot be read at all where the primary can: never tried again. */
    DEAD;

    /** The lower-case word events record as a proof's {@code result}. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }
}
