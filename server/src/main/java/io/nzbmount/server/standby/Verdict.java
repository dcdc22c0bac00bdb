package io.nzbmount.server.standby;

/** The result of proving that a standby holds the primary's bytes. */
public enum Verdict {
    /** Every compared byte range is equal: the standby may serve. */
    VERIFIED,
    /** Some range differs: the standby holds other bytes, for good. */
    MISMATCH,
    /** Not everything could be compared. Never a match; may be tried again later. */
    INCONCLUSIVE
}
