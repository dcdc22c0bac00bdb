package io.nzbmount.server.release;

import java.util.Set;
import java.util.TreeSet;

/**
 * What a release name says about its content. Immutable.
 *
 * @param name the name as given
 * @param title the title as written, words separated by single spaces; "" when unrecognised
 * @param titleKey {@link TitleKey#of the title normalised for comparison}; "" when unrecognised
 * @param year release year, or {@link #NO_YEAR}
 * @param episodes series position, {@link Episodes.None} for a film
 * @param part which part of the content the release holds ({@link Part#WHOLE} as a rule)
 * @param resolution resolution
 * @param medium the medium the video was taken from
 * @param codec video codec
 * @param group release group, "" when the name has none
 * @param editions cuts and editions ("DIRECTORS_CUT", "IMAX", "DIAMOND_EDITION"), sorted by name
 * @param revision proper / repack status and depth
 * @param upscaled the video was upscaled from a lower resolution
 * @param languages language tags found after the title (upper case, e.g. "GERMAN", "MULTI")
 */
public record ReleaseInfo(
        String name,
        String title,
        String titleKey,
        int year,
        Episodes episodes,
        Part part,
        Resolution resolution,
        Medium medium,
        Codec codec,
        String group,
        Set<String> editions,
        Revision revision,
        boolean upscaled,
        Set<String> languages) {

    /** The value of {@link #year} when the name gives none. */
    public static final int NO_YEAR = 0;

    public ReleaseInfo {
        editions = java.util.Collections.unmodifiableSet(new TreeSet<>(editions));
        languages = java.util.Collections.unmodifiableSet(new TreeSet<>(languages));
    }

    /** False for obfuscated or otherwise unparseable names: such a release matches no other. */
    public boolean recognised() {
        return !titleKey.isEmpty();
    }

    /** Whether the name gives a year. */
    public boolean hasYear() {
        return year != NO_YEAR;
    }
}
