package io.nzbmount.server.release;

/**
 * Which part of a season or film a release holds when it is not the whole: a volume of a
 * season pack ("S07.Vol.1"), its extras, its subtitles, a sample or a bonus disc. Immutable.
 *
 * @param kind what the part is
 * @param number the volume number, 0 for the other kinds
 */
public record Part(Kind kind, int number) {

    /** The kinds of partial packs. */
    public enum Kind {
        WHOLE,
        VOLUME,
        EXTRAS,
        SUBPACK,
        SAMPLE,
        BONUS
    }

    /** The whole content (the usual case). */
    public static final Part WHOLE = new Part(Kind.WHOLE, 0);

    /** "" for the whole, "vol 1", "extras", "subpack", "sample", "bonus". */
    public String label() {
        return switch (kind) {
            case WHOLE -> "";
            case VOLUME -> "vol " + number;
            default -> kind.name().toLowerCase(java.util.Locale.ROOT);
        };
    }
}
