package io.nzbmount.server.release;

import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The tag words of release names: resolutions, media, codecs, audio, languages and scene
 * flags. Matching ignores case. Pure and stateless.
 */
final class Vocabulary {

    /** A value read from {@code width} words. */
    record Match<T>(T value, int width) {}

    private static final Pattern TITLE_CASE = Pattern.compile("\\p{Lu}[\\p{Ll}'\u2019]+");

    private static final Map<String, Resolution> RESOLUTIONS = Map.ofEntries(
            Map.entry("2160p", Resolution.R2160), Map.entry("3840x2160", Resolution.R2160),
            Map.entry("1440p", Resolution.R1440), Map.entry("2560x1440", Resolution.R1440),
            Map.entry("1080p", Resolution.R1080), Map.entry("1080i", Resolution.R1080),
            Map.entry("1920x1080", Resolution.R1080), Map.entry("fhd", Resolution.R1080),
            Map.entry("720p", Resolution.R720), Map.entry("1280x720", Resolution.R720),
            Map.entry("576p", Resolution.R576), Map.entry("576i", Resolution.R576),
            Map.entry("540p", Resolution.R540), Map.entry("960x540", Resolution.R540),
            Map.entry("480p", Resolution.R480), Map.entry("480i", Resolution.R480));
    /** Words that imply a resolution but give way to an explicit number. */
    private static final Set<String> UHD_WORDS = Set.of("4k", "uhd");

    /** Media whose word is never a title word, so they end the title. */
    private static final Map<String, Medium> STRONG_MEDIA = Map.ofEntries(
            Map.entry("remux", Medium.REMUX),
            Map.entry("bdremux", Medium.REMUX),
            Map.entry("bluray", Medium.BLURAY),
            Map.entry("blu-ray", Medium.BLURAY),
            Map.entry("bdrip", Medium.BDRIP),
            Map.entry("brrip", Medium.BRRIP),
            Map.entry("web-dl", Medium.WEB_DL),
            Map.entry("webdl", Medium.WEB_DL),
            Map.entry("webrip", Medium.WEBRIP),
            Map.entry("web-rip", Medium.WEBRIP),
            Map.entry("hdtv", Medium.HDTV),
            Map.entry("pdtv", Medium.PDTV),
            Map.entry("sdtv", Medium.SDTV),
            Map.entry("dvdrip", Medium.DVDRIP),
            Map.entry("hdrip", Medium.HDRIP));
    /** Media whose word may be part of a title ("Charlotte's Web"): read only after the title. */
    private static final Map<String, Medium> WEAK_MEDIA = Map.of(
            "web",
            Medium.WEB,
            "dvd",
            Medium.DVD,
            "dvdr",
            Medium.DVD,
            "dvd9",
            Medium.DVD,
            "dvd5",
            Medium.DVD,
            "bd",
            Medium.BLURAY,
            "ts",
            Medium.TELESYNC,
            "telesync",
            Medium.TELESYNC,
            "cam",
            Medium.CAM,
            "hdcam",
            Medium.CAM);

    private static final Map<String, Codec> CODECS = Map.ofEntries(
            Map.entry("x264", Codec.AVC),
            Map.entry("h264", Codec.AVC),
            Map.entry("h-264", Codec.AVC),
            Map.entry("avc", Codec.AVC),
            Map.entry("x265", Codec.HEVC),
            Map.entry("h265", Codec.HEVC),
            Map.entry("h-265", Codec.HEVC),
            Map.entry("hevc", Codec.HEVC),
            Map.entry("av1", Codec.AV1),
            Map.entry("vp9", Codec.VP9),
            Map.entry("xvid", Codec.XVID),
            Map.entry("divx", Codec.DIVX),
            Map.entry("mpeg2", Codec.MPEG2),
            Map.entry("mpeg-2", Codec.MPEG2),
            Map.entry("vc1", Codec.VC1),
            Map.entry("vc-1", Codec.VC1));

    private static final Map<String, String> LANGUAGES = Map.ofEntries(
            Map.entry("german", "GERMAN"),
            Map.entry("ger", "GERMAN"),
            Map.entry("deutsch", "GERMAN"),
            Map.entry("french", "FRENCH"),
            Map.entry("truefrench", "FRENCH"),
            Map.entry("vff", "FRENCH"),
            Map.entry("vfq", "FRENCH"),
            Map.entry("fre", "FRENCH"),
            Map.entry("vostfr", "VOSTFR"),
            Map.entry("subfrench", "SUBFRENCH"),
            Map.entry("italian", "ITALIAN"),
            Map.entry("ita", "ITALIAN"),
            Map.entry("spanish", "SPANISH"),
            Map.entry("castellano", "SPANISH"),
            Map.entry("latino", "SPANISH"),
            Map.entry("spa", "SPANISH"),
            Map.entry("dutch", "DUTCH"),
            Map.entry("flemish", "DUTCH"),
            Map.entry("swedish", "SWEDISH"),
            Map.entry("swe", "SWEDISH"),
            Map.entry("norwegian", "NORWEGIAN"),
            Map.entry("danish", "DANISH"),
            Map.entry("finnish", "FINNISH"),
            Map.entry("nordic", "NORDIC"),
            Map.entry("polish", "POLISH"),
            Map.entry("pol", "POLISH"),
            Map.entry("russian", "RUSSIAN"),
            Map.entry("rus", "RUSSIAN"),
            Map.entry("japanese", "JAPANESE"),
            Map.entry("jpn", "JAPANESE"),
            Map.entry("korean", "KOREAN"),
            Map.entry("korsub", "KORSUB"),
            Map.entry("chinese", "CHINESE"),
            Map.entry("hindi", "HINDI"),
            Map.entry("portuguese", "PORTUGUESE"),
            Map.entry("multi", "MULTI"),
            Map.entry("multisubs", "MULTI"),
            Map.entry("dual", "DUAL"),
            Map.entry("dl", "DUAL"),
            Map.entry("eng", "ENGLISH"),
            Map.entry("english", "ENGLISH"),
            Map.entry("dubbed", "DUBBED"),
            Map.entry("subbed", "SUBBED"),
            Map.entry("hardsub", "HARDSUB"));

    /** Scene flags that say nothing about content but sit where a title could end. */
    private static final Set<String> FLAGS = Set.of(
            "internal",
            "limited",
            "complete",
            "readnfo",
            "festival",
            "proper",
            "repack",
            "repack2",
            "repack3",
            "rerip",
            "real",
            "upscaled",
            "upscale",
            "nfofix",
            "dirfix",
            "ws",
            "fs",
            "hybrid");

    /** Media a television episode is taken from: a bare "103" before one of them is season 1, episode 3. */
    private static final Set<String> TV_MEDIA =
            Set.of("hdtv", "pdtv", "sdtv", "dsr", "dsrip", "tvrip", "web", "webrip", "web-dl", "webdl", "dvdrip");
    /** Audio tags written between a language and the title's end ("Movie.German.DL.AC3.Dubbed"). */
    private static final Set<String> AUDIO =
            Set.of("ac3", "ac3d", "dts", "dd51", "dd5", "ddp", "eac3", "aac", "truehd", "mp3");

    /** Audio and picture tags: they never name a group and never start a title. */
    private static final Set<String> TECHNICAL = Set.of(
            "aac", "aac2", "ac3", "dts", "dd", "dd2", "dd5", "ddp", "ddp2", "ddp5", "dd+", "eac3", "e-ac3", "truehd",
            "atmos", "flac", "opus", "mp3", "lpcm", "pcm", "ma", "hd", "hdr", "hdr10", "hdr10+", "dv", "dovi", "sdr",
            "10bit", "8bit", "10-bit", "dts-hd", "dts-x", "x", "h", "hq", "audio", "sub", "subs", "dub", "amzn", "nf",
            "dsnp", "atvp", "hmax", "hulu", "ip", "cr", "mkv", "mp4", "avi");

    private Vocabulary() {}

    static boolean isYear(String word) {
        return word.length() == 4 && isNumber(word) && (word.startsWith("19") || word.startsWith("20"));
    }

    static boolean isNumber(String word) {
        if (word.isEmpty()) {
            return false;
        }
        for (int i = 0; i < word.length(); i++) {
            char c = word.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    /** A word written like a word of a title ("French"), which is never taken for a tag. */
    static boolean titleCase(String word) {
        return TITLE_CASE.matcher(word).matches();
    }

    /** An explicit resolution, or null; see {@link #impliesUhd}. */
    static Resolution resolution(String lower) {
        if (lower.equals("sd")) {
            return Resolution.SD;
        }
        Resolution r = RESOLUTIONS.get(lower);
        // A Cyrillic "х" between the numbers is a common slip of the keyboard.
        return r != null || lower.indexOf('\u0445') < 0 ? r : RESOLUTIONS.get(lower.replace('\u0445', 'x'));
    }

    static boolean impliesUhd(String lower) {
        return UHD_WORDS.contains(lower);
    }

    static boolean strongMedium(String lower) {
        return STRONG_MEDIA.containsKey(lower);
    }

    private static boolean isWebDlPair(Words words, int i) {
        return i + 1 < words.size()
                && words.lower(i).equals("web")
                && words.lower(i + 1).equals("dl");
    }

    static Match<Medium> medium(Words words, int i) {
        if (isWebDlPair(words, i)) {
            return new Match<>(Medium.WEB_DL, 2);
        }
        String lower = words.lower(i);
        Medium medium = STRONG_MEDIA.getOrDefault(lower, WEAK_MEDIA.get(lower));
        return medium == null ? null : new Match<>(medium, 1);
    }

    static Match<Codec> codec(Words words, int i) {
        String lower = words.lower(i);
        Codec codec = CODECS.get(lower);
        if (codec != null) {
            return new Match<>(codec, 1);
        }
        if ((lower.equals("h") || lower.equals("x")) && i + 1 < words.size()) {
            codec = CODECS.get("x" + words.lower(i + 1));
            return codec == null ? null : new Match<>(codec, 2);
        }
        return null;
    }

    /**
     * Whether the word at {@code i} ends a title for certain: an explicit resolution, a medium or
     * codec word that no title uses (series positions are {@link EpisodeRule}'s).
     */
    static boolean technicalEnd(Words words, int i) {
        String lower = words.lower(i);
        return resolution(lower) != null && !lower.equals("sd")
                || UHD_WORDS.contains(lower)
                || STRONG_MEDIA.containsKey(lower)
                || codec(words, i) != null
                || isWebDlPair(words, i);
    }

    /** A tag that may trail a title before the year or the first certain tag ("Movie.GERMAN.1080p"). */
    static boolean trailingTag(String lower) {
        return LANGUAGES.containsKey(lower) || FLAGS.contains(lower) || AUDIO.contains(lower);
    }

    /** A codec or audio word ("x264", "DTS", "AC3", "DDP5"): what a group is written after. */
    static boolean codecOrAudio(String lower) {
        return CODECS.containsKey(lower)
                || AUDIO.contains(lower)
                || lower.startsWith("dts")
                || lower.startsWith("aac")
                || lower.startsWith("ddp")
                || lower.startsWith("truehd")
                || lower.startsWith("flac");
    }

    /** A medium television episodes come from ("HDTV", "WEB", "DVDRip"). */
    static boolean tvMedium(String lower) {
        return TV_MEDIA.contains(lower);
    }

    /** Any word of the vocabulary: what a group never is, and what may stand before a group's dash. */
    static boolean known(String lower) {
        return RESOLUTIONS.containsKey(lower)
                || UHD_WORDS.contains(lower)
                || STRONG_MEDIA.containsKey(lower)
                || WEAK_MEDIA.containsKey(lower)
                || CODECS.containsKey(lower)
                || LANGUAGES.containsKey(lower)
                || FLAGS.contains(lower)
                || TECHNICAL.contains(lower)
                || lower.equals("sd")
                || isNumber(lower)
                || lower.startsWith("dts")
                || lower.startsWith("ddp")
                || lower.startsWith("aac")
                || lower.startsWith("dd5")
                || lower.startsWith("truehd")
                || lower.startsWith("flac");
    }

    /** Width of an upscale tag at {@code i} ("Upscaled", "UPSCALE", "AI.Upscale", "AI-Upscaled"), or 0. */
    static int upscale(Words words, int i) {
        String lower = words.lower(i);
        if (isUpscaleWord(lower)
                || (lower.startsWith("ai") && isUpscaleWord(lower.substring(2).replace("-", "")))) {
            return 1;
        }
        if (lower.equals("ai") && i + 1 < words.size() && isUpscaleWord(words.lower(i + 1))) {
            return 2;
        }
        return 0;
    }

    private static boolean isUpscaleWord(String lower) {
        return lower.equals("upscale") || lower.equals("upscaled") || lower.equals("upscaling");
    }

    /** Canonical language name of a word, or null. */
    static String language(String lower) {
        return LANGUAGES.get(lower);
    }
}
