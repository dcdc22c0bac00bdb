package io.nzbmount.server.sweep;

import java.security.MessageDigest;

/** How one fingerprint sample compared on the two sides. */
public enum SampleOutcome {
    MATCH,
    DIFFER,
    /** The range could not be read or hashed on one side or both. */
    UNREADABLE;

    /**
     * Compares the digests of one sample. A missing ({@code null}) or empty digest on either side
     * is {@link #UNREADABLE}, never a match.
     */
    public static SampleOutcome compare(byte[] primaryDigest, byte[] standbyDigest) {
        if (primaryDigest == null || standbyDigest == null || primaryDigest.length == 0 || standbyDigest.length == 0) {
            return UNREADABLE;
        }
        return MessageDigest.isEqual(primaryDigest, standbyDigest) ? MATCH : DIFFER;
    }
}
