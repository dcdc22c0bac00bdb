package io.nzbmount.server.release;

/** Vertical resolution named by a release, grouped the way releases are graded. */
public enum Resolution {
    R2160,
    R1080,
    R720,
    R576,
    R480,
    /** Named only as "SD", without a number. */
    SD,
    /** The name does not say. Two unknowns are never taken for the same resolution. */
    UNKNOWN
}
