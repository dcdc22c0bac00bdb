package io.nzbmount.server.release;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads a release name ("The.Matrix.1999.1080p.BluRay.x264-GROUP") into a {@link ReleaseInfo}.
 * Pure and stateless; safe from any thread.
 *
 * <p>Order: {@link NameCleanup} takes off what is not part of the name, {@link GroupRule} takes
 * the group, {@link Words} cuts the rest. The title is everything before the first word that no
 * title uses (a series position from {@link EpisodeRule}, a resolution, a medium or codec word, a
 * year in parentheses), less a year that closes it: of the years before that word, the last one
 * that leaves a non-empty title is the release year, so "2001.A.Space.Odyssey.1968",
 * "Blade.Runner.2049.2017" and "1917.2019" keep their numbers, and a lone "1917" is a title.
 * Tags that trail the title (a language written as a tag, a known edition such as
 * "Directors.Cut" before the year) are moved out of it. Everything after the title is read as
 * tags by {@link Tags}.
 */
public final class ReleaseName {
    private static final Pattern OBFUSCATED = Pattern.compile("[A-Za-z0-9]{12,}");
    private static final Set<String> ARTICLES = Set.of("the", "a", "an", "der", "die", "das", "le", "la", "les", "el");

    private ReleaseName() {}

    /** Parses {@code name}; never fails. An unreadable name gives a result with {@code recognised() == false}. */
    public static ReleaseInfo parse(String name) {
        NameCleanup.Cleaned cleaned = NameCleanup.clean(name);
        GroupRule.Found found = GroupRule.find(cleaned.body());
        Words words = Words.of(found.body() + " " + cleaned.trailingTags());
        if (words.size() == 0 || looksObfuscated(words)) {
            return new ReleaseInfo(
                    name,
                    "",
                    "",
                    ReleaseInfo.NO_YEAR,
                    new Episodes.None(),
                    Part.WHOLE,
                    Resolution.UNKNOWN,
                    Medium.UNKNOWN,
                    Codec.UNKNOWN,
                    found.group(),
                    Set.of(),
                    Revision.ORIGINAL,
                    false,
                    Set.of());
        }
        return read(name, words, found.group(), found.leadingGroup());
    }

    private static boolean looksObfuscated(Words words) {
        if (words.size() != 1) {
            return false;
        }
        String word = words.get(0);
        boolean digits = word.chars().anyMatch(Character::isDigit);
        boolean letters = word.chars().anyMatch(Character::isLetter);
        return OBFUSCATED.matcher(word).matches() && ((digits && letters) || word.length() >= 24);
    }

    private static ReleaseInfo read(String name, Words words, String group, boolean animeStyle) {
        // A name may start with its series position: "2024.03.12.The.Daily.Show", "S02E05.Andor".
        Vocabulary.Match<Episodes> leading = words.size() > 1 ? EpisodeRule.at(words, 0, animeStyle, true) : null;
        int start = leading != null && leading.width() < words.size() ? leading.width() : 0;
        int certain = start;
        while (certain < words.size() && !endsTitle(words, certain, animeStyle)) {
            certain++;
        }
        if (certain == start && start > 0) {
            // No title after the position: the name is read from its start, as any other.
            start = 0;
            certain = 0;
        }
        // A bare number that may be a series position or the title's own ("Room.237.720p") stays
        // in the title, and the position is unknown.
        Vocabulary.Match<Episodes> stop = certain < words.size() && Vocabulary.isNumber(words.lower(certain))
                ? EpisodeRule.at(words, certain, animeStyle, true)
                : null;
        boolean unsureNumber = stop != null && stop.value() instanceof Episodes.Unknown && stop.width() == 1;
        int yearAt = -1;
        if (certain < words.size() && words.parenthesisedYear(certain)) {
            yearAt = certain;
        }
        for (int i = certain - 1; i > start && yearAt < 0; i--) {
            if (Vocabulary.isYear(words.get(i)) && words.enclosure(i) == 0) {
                yearAt = i;
            }
        }
        int titleEnd =
                yearAt < 0 && unsureNumber ? certain + 1 : trimTitle(words, start, yearAt >= 0 ? yearAt : certain);
        StringBuilder title = new StringBuilder();
        for (int i = start; i < titleEnd; i++) {
            if (!(animeStyle && alternativeTitle(words, i))) {
                title.append(title.isEmpty() ? "" : " ").append(words.get(i));
            }
        }
        // After "(2019)" the series position follows: "Title (2019) - 26".
        int looseAt = certain < words.size() && words.parenthesisedYear(certain) ? certain + 1 : certain;
        Tags tags = new Tags(words, animeStyle, looseAt);
        if (start > 0) {
            tags.episodes = leading.value();
        } else if (unsureNumber) {
            tags.episodes = stop.value();
        }
        if (yearAt >= 0) {
            tags.year = Integer.parseInt(words.get(yearAt));
        }
        tags.read(titleEnd, yearAt);
        String key = TitleKey.of(title.toString());
        return new ReleaseInfo(
                name,
                key.isEmpty() ? "" : title.toString(),
                key,
                tags.year,
                tags.episodes,
                tags.part,
                tags.resolution(),
                tags.medium,
                tags.codec,
                group,
                tags.editions,
                tags.revision,
                tags.upscaled,
                tags.languages);
    }

    private static boolean endsTitle(Words words, int i, boolean animeStyle) {
        return words.parenthesisedYear(i)
                || Vocabulary.technicalEnd(words, i)
                || EpisodeRule.at(words, i, animeStyle, true) != null;
    }

    /** Moves tags that trail the title out of it: languages and flags written as tags, known editions. */
    private static int trimTitle(Words words, int start, int end) {
        boolean moved = true;
        while (moved && end > start + 1) {
            moved = false;
            String last = words.get(end - 1);
            String lower = words.lower(end - 1);
            boolean language = Vocabulary.language(lower) != null;
            if (Vocabulary.trailingTag(lower)
                    && (!Vocabulary.titleCase(last)
                            || language
                                    && end < words.size()
                                    && (Vocabulary.trailingTag(words.lower(end))
                                            || Vocabulary.technicalEnd(words, end)
                                            || Vocabulary.isYear(words.lower(end))))) {
                end--;
                moved = true;
                continue;
            }
            for (int width = 1; width <= 3 && !moved; width++) {
                int from = end - width;
                Vocabulary.Match<String> edition = from > start ? EditionRule.known(words, from) : null;
                // Wider than the words left: the rest of it was moved already ("10TH" of "10TH.ANNiVERSARY").
                if (edition != null && edition.width() >= width && !onlyArticle(words, start, from)) {
                    end = from;
                    moved = true;
                }
            }
        }
        return end;
    }

    private static boolean onlyArticle(Words words, int start, int titleEnd) {
        return titleEnd == start + 1 && ARTICLES.contains(words.lower(start));
    }

    /** Fansub names give a second title in parentheses: "Title (Romaji Title) - 05". */
    private static boolean alternativeTitle(Words words, int i) {
        return i > 0
                && words.enclosure(i) != 0
                && words.opener(i) == '('
                && words.enclosureSize(i) >= 2
                && words.enclosure(0) != words.enclosure(i);
    }

    /** Tags collected from the words after the title; the first of each kind wins, except as noted. */
    private static final class Tags {
        private final Words words;
        private final boolean animeStyle;
        /** Where the title scan stopped: a loose series position (a bare number) counts there only. */
        private final int certain;

        int year = ReleaseInfo.NO_YEAR;
        Episodes episodes = new Episodes.None();
        Part part = Part.WHOLE;
        Resolution resolution;
        boolean uhd;
        Medium medium = Medium.UNKNOWN;
        Codec codec = Codec.UNKNOWN;
        final Set<String> editions = new LinkedHashSet<>();
        Revision revision = Revision.ORIGINAL;
        boolean upscaled;
        final Set<String> languages = new LinkedHashSet<>();

        Tags(Words words, boolean animeStyle, int certain) {
            this.words = words;
            this.animeStyle = animeStyle;
            this.certain = certain;
        }

        void read(int from, int yearAt) {
            int i = from;
            while (i < words.size()) {
                i += i == yearAt ? 1 : readOne(i);
            }
        }

        /** Reads the tag at {@code i}; returns how many words it took (at least one). */
        private int readOne(int i) {
            Vocabulary.Match<Episodes> position = EpisodeRule.at(words, i, animeStyle, i == certain);
            if (position != null) {
                Episodes next = position.value();
                // A season named before its episode ("Season 2 S02E01") or an absolute number
                // next to a seasonal one ("- 50 (S04E14)") gives way to the episode; two other
                // episodes ("S01E05.1x06") leave the position unknown.
                if (episodes instanceof Episodes.None
                        || next instanceof Episodes.Numbered
                                && !(episodes instanceof Episodes.Numbered)
                                && !(episodes instanceof Episodes.Daily)
                                && !(episodes instanceof Episodes.Unknown)) {
                    episodes = next;
                } else if (episodes instanceof Episodes.Numbered
                        && next instanceof Episodes.Numbered
                        && !episodes.equals(next)) {
                    episodes = new Episodes.Unknown(episodes.label() + " " + next.label());
                }
                return position.width();
            }
            String lower = words.lower(i);
            if (year == ReleaseInfo.NO_YEAR && Vocabulary.isYear(lower) && episodes instanceof Episodes.None) {
                year = Integer.parseInt(lower);
                return 1;
            }
            Vocabulary.Match<String> edition = EditionRule.after(words, i);
            if (edition != null) {
                editions.add(edition.value());
                return edition.width();
            }
            Resolution explicit = Vocabulary.resolution(lower);
            if (explicit != null || Vocabulary.impliesUhd(lower)) {
                if (explicit == null) {
                    uhd = true;
                } else if (resolution == null) {
                    resolution = explicit;
                }
                return 1;
            }
            Vocabulary.Match<Medium> src = Vocabulary.medium(words, i);
            if (src != null) {
                // A remux is named with its disc ("BluRay.REMUX"): the remux is what it is.
                if (medium == Medium.UNKNOWN || src.value() == Medium.REMUX) {
                    medium = src.value();
                }
                return src.width();
            }
            Vocabulary.Match<Codec> cod = Vocabulary.codec(words, i);
            if (cod != null) {
                if (codec == Codec.UNKNOWN) {
                    codec = cod.value();
                }
                return cod.width();
            }
            return readFlag(i);
        }

        private int readFlag(int i) {
            Vocabulary.Match<Revision> rev = RevisionRule.at(words, i);
            if (rev != null) {
                if (revision.equals(Revision.ORIGINAL)) {
                    revision = rev.value();
                }
                return rev.width();
            }
            Vocabulary.Match<Part> partial = PartRule.at(words, i);
            if (partial != null) {
                if (part.equals(Part.WHOLE)) {
                    part = partial.value();
                }
                return partial.width();
            }
            int upscale = Vocabulary.upscale(words, i);
            if (upscale > 0) {
                upscaled = true;
                return upscale;
            }
            String language = Vocabulary.language(words.lower(i));
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
