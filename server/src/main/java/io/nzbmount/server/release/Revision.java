package io.nzbmount.server.release;

/**
 * Whether a release replaces an earlier, faulty one of the same content, and how many times.
 * Immutable; compares by value.
 *
 * @param kind what kind of fix it is
 * @param version 1 for the first of its kind; "REPACK2" is 2, "REAL.PROPER" is a proper of
 *     version 2, an anime "v3" is a repack of version 3
 */
public record Revision(Kind kind, int version) {

    /** The kind of fix. */
    public enum Kind {
        /** Not a fix. */
        ORIGINAL,
        /** Another group's fix ("PROPER"). */
        PROPER,
        /** The same group's fix ("REPACK", an anime "v2"). */
        REPACK,
        /** Ripped again from the source ("RERIP"). */
        RERIP
    }

    /** A release that fixes nothing. */
    public static final Revision ORIGINAL = new Revision(Kind.ORIGINAL, 1);

    public Revision {
        if (kind == null || version < 1) {
            throw new IllegalArgumentException("revision " + kind + " " + version);
        }
    }

    /** "original", "proper", "repack2", "proper2" (a REAL.PROPER). */
    public String label() {
        String name = kind.name().toLowerCase(java.util.Locale.ROOT);
        return version == 1 ? name : name + version;
    }
}
