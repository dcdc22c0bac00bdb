package io.nzbmount.server.release;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The words of release names: which token (or pair of tokens) means what. Tokens are the pieces
 * of a name between dots, spaces, underscores and brackets; matching ignores case.
 */
final class Vocabulary {

    /** A value read from {@code width} tokens. */
    record Match<T>(T value, int width) {
    }

    private static final Pattern YEAR = Pattern.compile("(19|20)\\d\\d");
    private static final Pattern SXXEYY = Pattern.compile("s(\\d{1,3})((?:-?e\\d{1,4})+)(?:-(\\d{1,4}))?");
    private static final Pattern EPISODE_PART = Pattern.compile("(-?)e(\\d{1,4})");
    private static final Pattern SEASONS = Pattern.compile("s(\\d{1,3})(?:-s(\\d{1,3}))?");
    private static final Pattern CROSS = Pattern.compile("(\\d{1,2})x(\\d{2,3})(?:-(?:\\d{1,2}x)?(\\d{2,3}))?");
    private static final Pattern ISO_DATE = Pattern.compile("((?:19|20)\\d\\d)-(\\d\\d)-(\\d\\d)");
    private static final Pattern TWO_DIGITS = Pattern.compile("\\d\\d");
    private static final Pattern TITLE_CASE = Pattern.compile("\\p{Lu}[\\p{Ll}'\u2019]+");
    private static final int MAX_RANGE = 50;

    private static final Map<String, Resolution> RESOLUTIONS = Map.ofEntries(
            Map.entry("2160p", Resolution.R2160), Map.entry("3840x2160", Resolution.R2160),
            Map.entry("1080p", Resolution.R1080), Map.entry("1080i", Resolution.R1080),
            Map.entry("1920x1080", Resolution.R1080), Map.entry("720p", Resolution.R720),
            Map.entry("1280x720", Resolution.R720), Map.entry("576p", Resolution.R576),
            Map.entry("576i", Resolution.R576), Map.entry("480p", Resolution.R480), Map.entry("480i", Resolution.R480));
    /** Words that imply a resolution but give way to an explicit number. */
    private static final Set<String> UHD_WORDS = Set.of("4k", "uhd");

    /** Sources whose word is never a title word, so they end the title. */
    private static final Map<String, Source> STRONG_SOURCES = Map.ofEntries(
            Map.entry("remux", Source.REMUX), Map.entry("bdremux", Source.REMUX),
            Map.entry("bluray", Source.BLURAY), Map.entry("blu-ray", Source.BLURAY),
            Map.entry("bdrip", Source.BDRIP), Map.entry("brrip", Source.BRRIP),
            Map.entry("web-dl", Source.WEB_DL), Map.entry("webdl", Source.WEB_DL),
            Map.entry("webrip", Source.WEBRIP), Map.entry("web-rip", Source.WEBRIP),
            Map.entry("hdtv", Source.HDTV), Map.entry("pdtv", Source.PDTV), Map.entry("sdtv", Source.SDTV),
            Map.entry("dvdrip", Source.DVDRIP), Map.entry("hdrip", Source.HDRIP));
    /** Sources whose word may be part of a title ("Charlotte's Web"): read only after the title. */
    private static final Map<String, Source> WEAK_SOURCES = Map.of(
            "web", Source.WEB, "dvd", Source.DVD, "dvdr", Source.DVD, "dvd9", Source.DVD, "dvd5", Source.DVD,
            "bd", Source.BLURAY, "ts", Source.TELESYNC, "telesync", Source.TELESYNC, "cam", Source.CAM,
            "hdcam", Source.CAM);

    private static final Map<String, Codec> CODECS = Map.ofEntries(
            Map.entry("x264", Codec.AVC), Map.entry("h264", Codec.AVC), Map.entry("h-264", Codec.AVC),
            Map.entry("avc", Codec.AVC), Map.entry("x265", Codec.HEVC), Map.entry("h265", Codec.HEVC),
            Map.entry("h-265", Codec.HEVC), Map.entry("hevc", Codec.HEVC), Map.entry("av1", Codec.AV1),
            Map.entry("vp9", Codec.VP9), Map.entry("xvid", Codec.XVID), Map.entry("divx", Codec.DIVX),
            Map.entry("mpeg2", Codec.MPEG2), Map.entry("vc1", Codec.VC1), Map.entry("vc-1", Codec.VC1));

    private static final Map<String, Edition> SINGLE_EDITIONS = Map.of(
            "extended", Edition.EXTENDED, "unrated", Edition.UNRATED, "uncut", Edition.UNCUT,
            "theatrical", Edition.THEATRICAL, "remastered", Edition.REMASTERED, "imax", Edition.IMAX,
            "criterion", Edition.CRITERION, "directorscut", Edition.DIRECTORS_CUT, "dc", Edition.DIRECTORS_CUT,
            "anniversary", Edition.ANNIVERSARY);
    /** Two-word editions, keyed by "first second". */
    private static final Map<String, Edition> PAIR_EDITIONS = Map.ofEntries(
            Map.entry("directors cut", Edition.DIRECTORS_CUT), Map.entry("director's cut", Edition.DIRECTORS_CUT),
            Map.entry("special edition", Edition.SPECIAL), Map.entry("ultimate edition", Edition.ULTIMATE),
            Map.entry("ultimate cut", Edition.ULTIMATE), Map.entry("final cut", Edition.FINAL_CUT),
            Map.entry("collectors edition", Edition.COLLECTORS), Map.entry("collector's edition", Edition.COLLECTORS),
            Map.entry("open matte", Edition.OPEN_MATTE));
    /** Words that may follow a single-word edition and belong to it ("Extended.Cut"). */
    private static final Set<String> EDITION_TAILS = Set.of("cut", "edition", "version");

    private static final Map<String, String> LANGUAGES = Map.ofEntries(
            Map.entry("german", "GERMAN"), Map.entry("ger", "GERMAN"), Map.entry("deutsch", "GERMAN"),
            Map.entry("french", "FRENCH"), Map.entry("truefrench", "FRENCH"), Map.entry("vff", "FRENCH"),
            Map.entry("fre", "FRENCH"), Map.entry("vostfr", "FRENCH"), Map.entry("italian", "ITALIAN"),
            Map.entry("ita", "ITALIAN"), Map.entry("spanish", "SPANISH"), Map.entry("castellano", "SPANISH"),
            Map.entry("latino", "SPANISH"), Map.entry("spa", "SPANISH"), Map.entry("dutch", "DUTCH"),
            Map.entry("flemish", "DUTCH"), Map.entry("swedish", "SWEDISH"), Map.entry("swe", "SWEDISH"),
            Map.entry("norwegian", "NORWEGIAN"), Map.entry("danish", "DANISH"), Map.entry("finnish", "FINNISH"),
            Map.entry("nordic", "NORDIC"), Map.entry("polish", "POLISH"), Map.entry("russian", "RUSSIAN"),
            Map.entry("rus", "RUSSIAN"), Map.entry("japanese", "JAPANESE"), Map.entry("korean", "KOREAN"),
            Map.entry("chinese", "CHINESE"), Map.entry("hindi", "HINDI"), Map.entry("portuguese", "PORTUGUESE"),
            Map.entry("multi", "MULTI"), Map.entry("multisubs", "MULTI"), Map.entry("dual", "DUAL"),
            Map.entry("dl", "DUAL"), Map.entry("eng", "ENGLISH"), Map.entry("english", "ENGLISH"),
            Map.entry("dubbed", "DUBBED"), Map.entry("subbed", "SUBBED"));

    /** Scene flags that say nothing about content but sit where a title could end. */
    private static final Set<String> FLAGS = Set.of("internal", "limited", "complete", "readnfo", "festival",
            "proper", "repack", "repack2", "rerip", "real", "upscaled", "upscale");

    private Vocabulary() {
    }

    static String lower(String token) {
        return token.toLowerCase(Locale.ROOT);
    }

    static boolean isYear(String token) {
        return YEAR.matcher(token).matches();
    }

    /** A token written like a word of a title ("French"), which is never taken for a tag. */
    static boolean titleCase(String token) {
        return TITLE_CASE.matcher(token).matches();
    }

    /**
     * Whether the token at {@code i} ends a title for certain: an episode or air date, an explicit
     * resolution, a source or codec word that no title uses.
     */
    static boolean endsTitle(List<String> tokens, int i) {
        String token = lower(tokens.get(i));
        return episodes(tokens, i) != null || RESOLUTIONS.containsKey(token) || UHD_WORDS.contains(token)
                || STRONG_SOURCES.containsKey(token) || codec(tokens, i) != null || isWebDlPair(tokens, i);
    }

    /** A tag that may trail a title before the year or the first certain tag ("Movie.GERMAN.1080p"). */
    static boolean trailingTag(String token) {
        String lower = lower(token);
        return LANGUAGES.containsKey(lower) || SINGLE_EDITIONS.containsKey(lower) || FLAGS.contains(lower);
    }

    /** Series position starting at token {@code i}: episodes, seasons or an air date; null if none. */
    static Match<Episodes> episodes(List<String> tokens, int i) {
        String token = lower(tokens.get(i));
        Matcher m = SXXEYY.matcher(token);
        if (m.matches()) {
            List<Integer> list = new ArrayList<>();
            Matcher part = EPISODE_PART.matcher(m.group(2));
            while (part.find()) {
                addEpisode(list, Integer.parseInt(part.group(2)), !part.group(1).isEmpty());
            }
            if (m.group(3) != null) {
                addEpisode(list, Integer.parseInt(m.group(3)), true);
            }
            return numbered(Integer.parseInt(m.group(1)), list);
        }
        m = CROSS.matcher(token);
        if (m.matches()) {
            List<Integer> list = new ArrayList<>(List.of(Integer.parseInt(m.group(2))));
            if (m.group(3) != null) {
                addEpisode(list, Integer.parseInt(m.group(3)), true);
            }
            return numbered(Integer.parseInt(m.group(1)), list);
        }
        m = SEASONS.matcher(token);
        if (m.matches()) {
            int first = Integer.parseInt(m.group(1));
            int last = m.group(2) == null ? first : Integer.parseInt(m.group(2));
            return last >= first ? new Match<>(new Episodes.Seasons(first, last), 1) : null;
        }
        return airDate(tokens, i);
    }

    /** Adds an episode; after a dash it closes a range ("E01-E03" is 1, 2 and 3). */
    private static void addEpisode(List<Integer> list, int episode, boolean range) {
        int previous = list.isEmpty() ? -1 : list.getLast();
        if (range && previous >= 0 && episode > previous && episode - previous <= MAX_RANGE) {
            for (int e = previous + 1; e <= episode; e++) {
                list.add(e);
            }
        } else if (!list.contains(episode)) {
            list.add(episode);
        }
    }

    private static Match<Episodes> numbered(int season, List<Integer> episodes) {
        List<Integer> sorted = episodes.stream().distinct().sorted().toList();
        return new Match<>(new Episodes.Numbered(season, sorted), 1);
    }

    private static Match<Episodes> airDate(List<String> tokens, int i) {
        String token = tokens.get(i);
        Matcher iso = ISO_DATE.matcher(token);
        if (iso.matches()) {
            LocalDate date = date(iso.group(1), iso.group(2), iso.group(3));
            return date == null ? null : new Match<>(new Episodes.Daily(date), 1);
        }
        if (isYear(token) && i + 2 < tokens.size() && TWO_DIGITS.matcher(tokens.get(i + 1)).matches()
                && TWO_DIGITS.matcher(tokens.get(i + 2)).matches()) {
            LocalDate date = date(token, tokens.get(i + 1), tokens.get(i + 2));
            return date == null ? null : new Match<>(new Episodes.Daily(date), 3);
        }
        return null;
    }

    private static LocalDate date(String year, String month, String day) {
        try {
            return LocalDate.of(Integer.parseInt(year), Integer.parseInt(month), Integer.parseInt(day));
        } catch (DateTimeException e) {
            return null;
        }
    }

    /** An explicit resolution, or null; see {@link #impliesUhd}. */
    static Resolution resolution(String token) {
        String lower = lower(token);
        if (lower.equals("sd")) {
            return Resolution.SD;
        }
        return RESOLUTIONS.get(lower);
    }

    static boolean impliesUhd(String token) {
        return UHD_WORDS.contains(lower(token));
    }

    private static boolean isWebDlPair(List<String> tokens, int i) {
        return i + 1 < tokens.size() && lower(tokens.get(i)).equals("web") && lower(tokens.get(i + 1)).equals("dl");
    }

    static Match<Source> source(List<String> tokens, int i) {
        if (isWebDlPair(tokens, i)) {
            return new Match<>(Source.WEB_DL, 2);
        }
        String lower = lower(tokens.get(i));
        Source source = STRONG_SOURCES.getOrDefault(lower, WEAK_SOURCES.get(lower));
        return source == null ? null : new Match<>(source, 1);
    }

    static Match<Codec> codec(List<String> tokens, int i) {
        String lower = lower(tokens.get(i));
        Codec codec = CODECS.get(lower);
        if (codec != null) {
            return new Match<>(codec, 1);
        }
        if ((lower.equals("h") || lower.equals("x")) && i + 1 < tokens.size()) {
            codec = CODECS.get("x" + tokens.get(i + 1));
            return codec == null ? null : new Match<>(codec, 2);
        }
        return null;
    }

    static Match<Edition> edition(List<String> tokens, int i) {
        String lower = lower(tokens.get(i));
        String next = i + 1 < tokens.size() ? lower(tokens.get(i + 1)) : "";
        Edition pair = PAIR_EDITIONS.get(lower + " " + next);
        if (pair != null) {
            return new Match<>(pair, 2);
        }
        Edition single = SINGLE_EDITIONS.get(lower);
        if (single == null) {
            return null;
        }
        return new Match<>(single, EDITION_TAILS.contains(next) ? 2 : 1);
    }

    static Match<Revision> revision(List<String> tokens, int i) {
        String lower = lower(tokens.get(i));
        String next = i + 1 < tokens.size() ? lower(tokens.get(i + 1)) : "";
        if (lower.equals("real") && next.equals("proper")) {
            return new Match<>(Revision.REAL_PROPER, 2);
        }
        if (lower.equals("real") && next.startsWith("repack")) {
            return new Match<>(Revision.REPACK, 2);
        }
        return switch (lower) {
            case "proper" -> new Match<>(Revision.PROPER, 1);
            case "repack", "repack2", "repack3" -> new Match<>(Revision.REPACK, 1);
            case "rerip" -> new Match<>(Revision.RERIP, 1);
            default -> null;
        };
    }

    /** Width of an upscale tag at {@code i} ("Upscaled", "UPSCALE", "AI.Upscale", "AI-Upscaled"), or 0. */
    static int upscale(List<String> tokens, int i) {
        String lower = lower(tokens.get(i));
        if (isUpscaleWord(lower) || (lower.startsWith("ai") && isUpscaleWord(lower.substring(2).replace("-", "")))) {
            return 1;
        }
        if (lower.equals("ai") && i + 1 < tokens.size() && isUpscaleWord(lower(tokens.get(i + 1)))) {
            return 2;
        }
        return 0;
    }

    private static boolean isUpscaleWord(String lower) {
        return lower.equals("upscale") || lower.equals("upscaled") || lower.equals("upscaling");
    }

    /** Canonical language name of a token, or null. */
    static String language(String token) {
        return LANGUAGES.get(lower(token));
    }
}
