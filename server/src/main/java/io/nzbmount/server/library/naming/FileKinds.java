package io.nzbmount.server.library.naming;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What a release file's name says it is. Pure and thread-safe.
 *
 * <p>A name "says nothing" (obfuscated) when it has no extension we know, or when its stem is a
 * long run of hex digits or of letters and digits without a single separator: posters hide
 * releases behind such names, and the real ones come back from par2 files or the yEnc headers.
 */
public final class FileKinds {

    /** Video and audio files, played as they are. */
    static final Set<String> PLAYABLE_EXTENSIONS = Set.of(
            "mkv", "mp4", "m4v", "avi", "mov", "wmv", "mpg", "mpeg", "ts", "m2ts", "mts", "webm", "flv", "vob", "iso",
            "ogm", "divx", "3gp", "mp3", "flac", "m4a", "aac", "ogg", "opus", "wav", "ac3", "dts", "mka");

    private static final Pattern ARCHIVE_VOLUME =
            Pattern.compile("(?i).*\\.(rar|r\\d{2,3}|s\\d{2}|7z|7z\\.\\d{3}|zip|z\\d{2}|\\d{3})$");
    private static final Pattern HEX_STEM = Pattern.compile("[0-9a-fA-F]{16,}");
    private static final Pattern TOKEN_STEM = Pattern.compile("[A-Za-z0-9]{24,}");

    private FileKinds() {}

    /** Whether the name is that of an archive volume (never served as it is). */
    public static boolean isArchiveVolume(String name) {
        return ARCHIVE_VOLUME.matcher(name).matches();
    }

    public static boolean isPar2Name(String name) {
        return MediaRules.extension(name.toLowerCase(Locale.ROOT)).equals("par2");
    }

    /** Whether the name tells nothing about the file (see the class comment). */
    public static boolean looksObfuscated(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        String extension = MediaRules.extension(lower);
        boolean known = PLAYABLE_EXTENSIONS.contains(extension)
                || MediaRules.SUBTITLE_EXTENSIONS.contains(extension)
                || MediaRules.EXTRA_EXTENSIONS.contains(extension)
                || isArchiveVolume(lower);
        if (!known) return true;
        String stem = lower.substring(0, lower.length() - extension.length() - 1);
        int dot = stem.lastIndexOf('.');
        if (isArchiveVolume(lower) && dot >= 0) stem = stem.substring(0, dot);
        return HEX_STEM.matcher(stem).matches() || TOKEN_STEM.matcher(stem).matches();
    }

    /** Whether {@code head}, the first bytes of a file, start a RAR or 7z archive. */
    public static boolean startsArchive(byte[] head) {
        return startsWith(head, 0x52, 0x61, 0x72, 0x21, 0x1A, 0x07)
                || startsWith(head, 0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C);
    }

    private static boolean startsWith(byte[] head, int... signature) {
        if (head.length < signature.length) return false;
        for (int i = 0; i < signature.length; i++) {
            if ((head[i] & 0xFF) != signature[i]) return false;
        }
        return true;
    }
}
