package io.nzbmount.server.release;

/** Vertical resolution named by a release, grouped the way releases are graded. */
public enum Resolution {
    R2160("2160p"),
    R1440("1440p"),
    R1080("1080p"),
    R720("720p"),
    R576("576p"),
    R540("540p"),
    R480("480p"),
    /** Named only as "SD", without a number. */
    SD("sd"),
    /** The name does not say. Two unknowns are never taken for the same resolution. */
    UNKNOWN("");

    private final String label;

    Resolution(String label) {
        this.label = label;
    }

    /** "1080p", "sd"; "" when unknown. */
    public String label() {
        return label;
    }
}
