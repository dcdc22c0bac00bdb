package io.nzbmount.server.standby;

import io.nzbmount.server.release.Codec;
import io.nzbmount.server.release.Episodes;
import io.nzbmount.server.release.ReleaseInfo;
import io.nzbmount.server.release.Resolution;
import java.util.OptionalInt;

/**
 * Which releases hold the same content as a primary, and how likely their bytes are identical
 * (the tier: 0 most likely, 3 least). Pure and stateless.
 *
 * <p>A tier only orders the work: whatever the tier, a standby is used only after its bytes
 * were proved equal. Facts a name does not give (an unknown resolution, codec or group) never
 * count as agreeing, so they cannot lift a candidate into a better tier.
 */
public final class Tiering {
    /** Same resolution, codec and group, size within {@value #SIZE_TOLERANCE_PERCENT}%: most likely a repost. */
    public static final int SAME_RELEASE = 0;
    /** Same resolution and codec. */
    public static final int SAME_ENCODING = 1;
    /** Same resolution, another codec. */
    public static final int SAME_RESOLUTION = 2;
    /** Same content, otherwise different. */
    public static final int SAME_CONTENT = 3;

    static final int SIZE_TOLERANCE_PERCENT = 3;

    private Tiering() {}

    /**
     * Whether two releases hold the same content: same title key, same year when both name one,
     * same series position (an episode, a season pack, a run of seasons, an absolute or daily
     * episode are never the same as one another), the same part (a volume, the extras, the
     * subtitles, a sample are not the whole), the same editions, the same revision (kind and
     * depth) and upscaling. An unrecognised name matches nothing.
     */
    public static boolean sameContent(ReleaseInfo a, ReleaseInfo b) {
        // An unsure episode reading matches nothing, not even the same words in another name.
        return a.recognised()
                && b.recognised()
                && !(a.episodes() instanceof Episodes.Unknown)
                && !(b.episodes() instanceof Episodes.Unknown)
                && a.titleKey().equals(b.titleKey())
                && (!a.hasYear() || !b.hasYear() || a.year() == b.year())
                && a.episodes().equals(b.episodes())
                && a.part().equals(b.part())
                && a.editions().equals(b.editions())
                && a.revision().equals(b.revision())
                && a.upscaled() == b.upscaled();
    }

    /**
     * The tier of {@code candidate} against {@code primary}, or empty when it is not the same
     * content. Sizes are in bytes; a size {@code <= 0} is unknown and never within the tolerance.
     */
    public static OptionalInt tier(ReleaseInfo primary, long primarySize, ReleaseInfo candidate, long candidateSize) {
        if (!sameContent(primary, candidate)) {
            return OptionalInt.empty();
        }
        boolean resolution =
                primary.resolution() != Resolution.UNKNOWN && primary.resolution() == candidate.resolution();
        boolean codec = primary.codec() != Codec.UNKNOWN && primary.codec() == candidate.codec();
        boolean group = !primary.group().isEmpty() && primary.group().equalsIgnoreCase(candidate.group());
        if (resolution && codec && group && sizeClose(primarySize, candidateSize)) {
            return OptionalInt.of(SAME_RELEASE);
        }
        if (resolution && codec) {
            return OptionalInt.of(SAME_ENCODING);
        }
        return OptionalInt.of(resolution ? SAME_RESOLUTION : SAME_CONTENT);
    }

    /** Whether {@code candidate} is within the tolerance of {@code primary}, relative to the primary's size. */
    static boolean sizeClose(long primary, long candidate) {
        if (primary <= 0 || candidate <= 0) {
            return false;
        }
        // Exact in integers (no rounding at the edge); files are far below the 92 PB where * 100 would overflow.
        return Math.abs(candidate - primary) * 100 <= primary * SIZE_TOLERANCE_PERCENT;
    }
}
