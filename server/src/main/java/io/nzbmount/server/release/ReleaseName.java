package io.nzbmount.server.release;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads a release name ("The.Matrix.1999.1080p.BluRay.x264-GROUP") into a {@link ReleaseInfo}.
 * Pure and stateless; safe from any thread.
 *
 * <p>The title is everything before the first word that no title uses (an episode, a resolution,
 * a source or codec word), less a year that closes it: of the years before that word, the last
 * one that leaves a non-empty title is the release year, so "2001.A.Space.Odyssey.1968",
 * "Blade.Runner.2049.2017" and "1917.2019" keep their numbers, and a lone "1917" is a title.
 * Tags written as tags (not "Title" case) that trail the title, like a language before the year,
 * are moved out of it. Everything after the title is read as tags.
 */
public final class ReleaseName {
    private static final Pattern EXTENSION = Pattern.compile("(?i)\\.(mkv|mp4|m4v|avi|wmv|mov|ts|m2ts|iso|nzb)$");
    private static final Pattern POSTER_SUFFIX =
            Pattern.compile("(?i)-(obfuscated|scrambled|xpost|postbot|asrequested|whiterev|buymore|rakuv\\w*)$");
    /** Bracketed trailers that name a site or a checksum, not a group. */
    private static final Pattern SITE_TAG =
            Pattern.compile("(?i)rartv|rarbg|eztv(\\.\\w+)?|ettv|tgx|publichd|vtv|[0-9a-f]{8}");
    private static final Pattern SEPARATORS = Pattern.compile("[.\\s_()\\[\\]{}]+");
    private static final Pattern SEPARATOR = Pattern.compile("[.\\s_]");
    /** What follows the last dash when that dash is part of a tag or an episode range, not a group. */
    private static final Pattern NOT_A_GROUP = Pattern.compile("(?i)dl|hd|rip|ray|ma|x|e\\d+|\\d{1,3}");
    private static final Pattern EDGE_DASHES = Pattern.compile("^-+|-+$");
    private static final Pattern OBFUSCATED = Pattern.compile("[A-Za-z0-9]{12,}");

    private ReleaseName() {
    }

    /** Parses {@code name}; never fails. An unreadable name gives a result with {@code recognised() == false}. */
    public static ReleaseInfo parse(String name) {
        String body = name.strip();
        String group = "";
        // Bracketed tags after the name ("[1080p]") are read after the rest of the name.
        String trailingTags = "";
        boolean stripped = true;
        while (stripped) {
            String before = body;
            body = EXTENSION.matcher(body).replaceFirst("");
            body = POSTER_SUFFIX.matcher(body).replaceFirst("");
            int open = body.lastIndexOf('[');
            if (body.endsWith("]") && open >= 0) {
                String inside = body.substring(open + 1, body.length() - 1).strip();
                if (group.isEmpty() && !SITE_TAG.matcher(inside).matches() && isGroupName(inside)) {
                    group = inside;
                } else if (!SITE_TAG.matcher(inside).matches()) {
                    trailingTags = inside + " " + trailingTags;
                }
                body = body.substring(0, open).strip();
            }
            stripped = !body.equals(before);
        }
        int close = body.indexOf(']');
        if (body.startsWith("[") && close > 0 && group.isEmpty() && isGroupName(body.substring(1, close).strip())) {
            group = body.substring(1, close).strip();
            body = body.substring(close + 1);
        }
        if (group.isEmpty()) {
            int dash = dashBeforeGroup(body);
            if (dash > 0) {
                group = body.substring(dash + 1);
                body = body.substring(0, dash);
            }
        }
        List<String> tokens = tokens(body + " " + trailingTags);
        if (looksObfuscated(tokens)) {
            return unrecognised(name);
        }
        return read(name, tokens, group);
    }

    /** Whether bracketed text names a group ("[YTS.MX]") rather than holding tags ("[1080p]"). */
    private static boolean isGroupName(String text) {
        if (text.isEmpty() || text.chars().anyMatch(Character::isWhitespace)) {
            return false;
        }
        List<String> tokens = tokens(text);
        for (int i = 0; i < tokens.size(); i++) {
            if (Vocabulary.isYear(tokens.get(i)) || Vocabulary.endsTitle(tokens, i)
                    || Vocabulary.resolution(tokens.get(i)) != null || Vocabulary.source(tokens, i) != null) {
                return false;
            }
        }
        return !tokens.isEmpty();
    }

    /** Index of the dash that starts the group, or -1 when the name has none. */
    private static int dashBeforeGroup(String body) {
        int dash = body.lastIndexOf('-');
        if (dash <= 0 || dash == body.length() - 1 || Character.isWhitespace(body.charAt(dash - 1))) {
            return -1;
        }
        String candidate = body.substring(dash + 1);
        String before = body.substring(0, dash);
        if (SEPARATOR.matcher(candidate).find() || NOT_A_GROUP.matcher(candidate).matches()
                || !SEPARATOR.matcher(before).find()) {
            return -1;
        }
        // Only a name with tags has a group: "The.Amazing.Spider-Man" keeps its "Man".
        List<String> tokens = tokens(before);
        for (int i = 0; i < tokens.size(); i++) {
            if (Vocabulary.isYear(tokens.get(i)) || Vocabulary.endsTitle(tokens, i)) {
                return dash;
            }
        }
        return -1;
    }

    private static List<String> tokens(String body) {
        return Arrays.stream(SEPARATORS.split(body))
                .map(token -> EDGE_DASHES.matcher(token).replaceAll(""))
                .filter(token -> !token.isEmpty())
                .toList();
    }

    private static boolean looksObfuscated(List<String> tokens) {
        if (tokens.size() != 1) {
            return false;
        }
        String token = tokens.getFirst();
        boolean digits = token.chars().anyMatch(Character::isDigit);
        boolean letters = token.chars().anyMatch(Character::isLetter);
        return OBFUSCATED.matcher(token).matches() && ((digits && letters) || token.length() >= 24);
    }

    private static ReleaseInfo unrecognised(String name) {
        return new ReleaseInfo(name, "", "", ReleaseInfo.NO_YEAR, new Episodes.None(), Resolution.UNKNOWN,
                Source.UNKNOWN, Codec.UNKNOWN, "", Set.of(), Revision.ORIGINAL, false, Set.of());
    }

    private static ReleaseInfo read(String name, List<String> tokens, String group) {
        int certain = 0;
        while (certain < tokens.size() && !Vocabulary.endsTitle(tokens, certain)) {
            certain++;
        }
        int yearAt = -1;
        for (int i = certain - 1; i > 0 && yearAt < 0; i--) {
            if (Vocabulary.isYear(tokens.get(i))) {
                yearAt = i;
            }
        }
        int titleEnd = yearAt >= 0 ? yearAt : certain;
        while (titleEnd > 1 && Vocabulary.trailingTag(tokens.get(titleEnd - 1))
                && !Vocabulary.titleCase(tokens.get(titleEnd - 1))) {
            titleEnd--;
        }
        String title = String.join(" ", tokens.subList(0, titleEnd));
        Tags tags = new Tags();
        if (yearAt >= 0) {
            tags.year = Integer.parseInt(tokens.get(yearAt));
        }
        tags.read(tokens, titleEnd, yearAt);
        String key = TitleKey.of(title);
        return new ReleaseInfo(name, key.isEmpty() ? "" : title, key, tags.year, tags.episodes, tags.resolution(),
                tags.source, tags.codec, group, tags.editions, tags.revision, tags.upscaled, tags.languages);
    }

    /** Tags collected from the tokens after the title; the first of each kind wins, except as noted. */
    private static final class Tags {
        int year = ReleaseInfo.NO_YEAR;
        Episodes episodes = new Episodes.None();
        Resolution resolution;
        boolean uhd;
        Source source = Source.UNKNOWN;
        Codec codec = Codec.UNKNOWN;
        final Set<Edition> editions = EnumSet.noneOf(Edition.class);
        Revision revision = Revision.ORIGINAL;
        boolean upscaled;
        final Set<String> languages = new LinkedHashSet<>();

        void read(List<String> tokens, int from, int yearAt) {
            int i = from;
            while (i < tokens.size()) {
                i += i == yearAt ? 1 : readOne(tokens, i);
            }
        }

        /** Reads the tag at {@code i}; returns how many tokens it took (at least one). */
        private int readOne(List<String> tokens, int i) {
            String token = tokens.get(i);
            Vocabulary.Match<Episodes> position = Vocabulary.episodes(tokens, i);
            if (position != null) {
                if (episodes instanceof Episodes.None) {
                    episodes = position.value();
                }
                return position.width();
            }
            if (year == ReleaseInfo.NO_YEAR && Vocabulary.isYear(token) && episodes instanceof Episodes.None) {
                year = Integer.parseInt(token);
                return 1;
            }
            Resolution explicit = Vocabulary.resolution(token);
            if (explicit != null || Vocabulary.impliesUhd(token)) {
                if (explicit == null) {
                    uhd = true;
                } else if (resolution == null) {
                    resolution = explicit;
                }
                return 1;
            }
            Vocabulary.Match<Source> src = Vocabulary.source(tokens, i);
            if (src != null) {
                // A remux is named with its disc ("BluRay.REMUX"): the remux is what it is.
                if (source == Source.UNKNOWN || src.value() == Source.REMUX) {
                    source = src.value();
                }
                return src.width();
            }
            Vocabulary.Match<Codec> cod = Vocabulary.codec(tokens, i);
            if (cod != null) {
                if (codec == Codec.UNKNOWN) {
                    codec = cod.value();
                }
                return cod.width();
            }
            return readFlag(tokens, i);
        }

        private int readFlag(List<String> tokens, int i) {
            Vocabulary.Match<Edition> edition = Vocabulary.edition(tokens, i);
            if (edition != null) {
                editions.add(edition.value());
                return edition.width();
            }
            Vocabulary.Match<Revision> rev = Vocabulary.revision(tokens, i);
            if (rev != null) {
                if (revision == Revision.ORIGINAL) {
                    revision = rev.value();
                }
                return rev.width();
            }
            int upscale = Vocabulary.upscale(tokens, i);
            if (upscale > 0) {
                upscaled = true;
                return upscale;
            }
            String language = Vocabulary.language(tokens.get(i));
            if (language != null) {
                languages.add(language);
            }
            return 1;
        }

        Resolution resolution() {
            if (resolution != null) {
                return resolution;
            }
            return uhd ? Resolution.R2160 : Resolution.UNKNOWN;
        }
    }
}
