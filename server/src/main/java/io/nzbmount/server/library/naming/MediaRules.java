package io.nzbmount.server.library.naming;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which files of a release are shown in the library. Pure and thread-safe.
 *
 * <p>Left out: repair and checksum files, info files and pictures ({@link #EXTRA_EXTENSIONS}),
 * samples (a name with "sample" as a word) and files much smaller than the largest candidate
 * (under {@link #SMALL_FRACTION} of it: proofs, trailers). Subtitles are small by nature and
 * belong next to the film, so the size rule spares them.
 */
public final class MediaRules {

    /** Extensions never shown. */
    public static final Set<String> EXTRA_EXTENSIONS =
            Set.of("par2", "nfo", "sfv", "srr", "srs", "txt", "jpg", "jpeg", "png", "gif", "url", "nzb", "md5", "sha1");

    /** Kept whatever their size. */
    public static final Set<String> SUBTITLE_EXTENSIONS = Set.of("srt", "ass", "ssa", "sub", "idx", "sup", "vtt");

    /** A file smaller than this part of the largest candidate is an extra. */
    public static final double SMALL_FRACTION = 0.05;

    private static final Pattern SAMPLE = Pattern.compile("(?<![a-z0-9])sample(?![a-z0-9])");

    private MediaRules() {}

    /**
     * Decides for each file whether it is media.
     *
     * @param names file names
     * @param sizes their sizes (any consistent measure: encoded sizes do), same order
     * @return one flag per file, same order
     */
    public static boolean[] classify(List<String> names, List<Long> sizes) {
        if (names.size() != sizes.size()) throw new IllegalArgumentException("names and sizes differ in length");
        boolean[] media = new boolean[names.size()];
        long largest = 0;
        for (int i = 0; i < media.length; i++) {
            media[i] = !isExtraByName(names.get(i));
            if (media[i] && !isSubtitle(names.get(i))) largest = Math.max(largest, sizes.get(i));
        }
        for (int i = 0; i < media.length; i++) {
            if (media[i] && !isSubtitle(names.get(i)) && sizes.get(i) < largest * SMALL_FRACTION) media[i] = false;
        }
        return media;
    }

    public static boolean isExtraByName(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return EXTRA_EXTENSIONS.contains(extension(lower))
                || SAMPLE.matcher(lower).find();
    }

    static boolean isSubtitle(String name) {
        return SUBTITLE_EXTENSIONS.contains(extension(name.toLowerCase(Locale.ROOT)));
    }

    /** The text after the last dot, or "" when there is none. */
    static String extension(String name) {
        int dot = name.lastIndexOf('.');
        return dot < 0 ? "" : name.substring(dot + 1);
    }
}
