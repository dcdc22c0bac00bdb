package io.nzbmount.server.release;

import io.nzbmount.server.release.Vocabulary.Match;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Series positions, every way release names write them. Each rule is one method, named after
 * the convention it reads. Pure and stateless.
 */
final class EpisodeRule {
    private static final Pattern SCENE = Pattern.compile("s(\\d{1,4})((?:-?ep?\\d{1,4})+)((?:-\\d{1,4})*)");
    private static final Pattern EPISODE_PART = Pattern.compile("(-?)ep?(\\d{1,4})");
    private static final Pattern SEASON_ONLY =
            Pattern.compile("s(\\d{1,3}|(?:19|20)\\d\\d)(?:-s?(\\d{1,3}|(?:19|20)\\d\\d))?");
    private static final Pattern LONE_EPISODE = Pattern.compile("e(?:p)?(\\d{1,4})");
    private static final Pattern EPISODE_RUN = Pattern.compile("ep?\\d{1,4}(?:-?ep?\\d{1,4}|-\\d{1,4})*");
    private static final Pattern CROSS = Pattern.compile("(\\d{1,2})x(\\d{1,3})(?:-(?:\\d{1,2}x)?(\\d{1,3}))?");
    private static final Pattern RANGE = Pattern.compile("(\\d{1,4})(?:-(\\d{1,4}))?");
    private static final Pattern LIST = Pattern.compile("\\d{1,4}(?:-\\d{1,4})*");
    private static final Pattern ORDINAL = Pattern.compile("(\\d{1,2})(?:st|nd|rd|th)");
    private static final Pattern CODE = Pattern.compile("[1-9]\\d{2}|1\\d{3}");
    /** "Season" in the languages release names use. */
    private static final Set<String> SEASON_WORDS =
            Set.of("season", "seasons", "saison", "stagione", "temporada", "staffel", "seizoen", "sezon");
    /** "Episode" in the languages release names use, as in "Season 1 Episode 5" or the Dutch "Se.1 afl.5". */
    private static final Set<String> EPISODE_WORDS =
            Set.of("episode", "episodes", "ep", "afl", "aflevering", "folge", "episodio", "capitulo");

    private static final int MAX_RANGE = 200;
    /** Fansub batches run longer than seasons ("001-500"). */
    private static final int MAX_ABSOLUTE_RANGE = 2000;

    private EpisodeRule() {}

    /**
     * The series position that starts at word {@code i}, or null.
     *
     * @param animeStyle the name starts with a bracketed group, as fansub releases do: a bare
     *     number after the title is then an absolute episode
     * @param loose also read the forms that only stand right after the title: a number after a
     *     free dash ("Title - 012"), a bare number in fansub names, a "103" code
     */
    static Match<Episodes> at(Words w, int i, boolean animeStyle, boolean loose) {
        String word = w.lower(i);
        char first = word.charAt(0);
        Match<Episodes> found = null;
        if (first == 's' && word.length() > 1 && Character.isDigit(word.charAt(1))) {
            found = scene(w, i);
            if (found == null) {
                found = seasonOnly(w, i);
            }
        }
        if (found == null
                && (SEASON_WORDS.contains(word) || word.equals("se") && EPISODE_WORDS.contains(w.lower(i + 2)))) {
            found = seasonWord(w, i, i + 1);
        }
        if (found == null && first == 'e') {
            found = loneEpisode(w, i);
        }
        if (found == null && first == 'c' && word.equals("cap") && i + 1 < w.size()) {
            found = code(w.lower(i + 1), 2);
        }
        if (found == null && Character.isDigit(first)) {
            found = numeric(w, i, animeStyle, loose);
        }
        return found;
    }

    private static Match<Episodes> numeric(Words w, int i, boolean animeStyle, boolean loose) {
        String word = w.lower(i);
        Matcher cross = CROSS.matcher(word);
        if (word.indexOf('x') > 0
                && cross.matches()
                && (cross.group(2).length() > 1
                        || cross.group(3) != null
                        || Vocabulary.technicalEnd(w, i + 1)
                        || Vocabulary.tvMedium(w.lower(i + 1)))) {
            // A one-digit episode ("2x9") only in a range or right before the tags: "4x4" is a title.
            int season = Integer.parseInt(cross.group(1));
            List<Integer> list = new ArrayList<>(List.of(Integer.parseInt(cross.group(2))));
            if (cross.group(3) != null) {
                addEpisode(list, Integer.parseInt(cross.group(3)), true, MAX_RANGE);
            }
            // "3x07 3x08": further episodes of the same season.
            int width = 1;
            for (Matcher next;
                    i + width < w.size()
                            && (next = CROSS.matcher(w.lower(i + width))).matches()
                            && Integer.parseInt(next.group(1)) == season
                            && next.group(3) == null;
                    width++) {
                addEpisode(list, Integer.parseInt(next.group(2)), false, MAX_RANGE);
            }
            return numbered(season, list, width);
        }
        Match<Episodes> date = AirDateRule.at(w, i);
        if (date != null || i == 0) {
            return date;
        }
        if (Character.isLetter(word.charAt(word.length() - 1))
                && SEASON_WORDS.contains(w.lower(i + 1))
                && ORDINAL.matcher(word).matches()) {
            // "3rd Season - 12": the season is the ordinal.
            return seasonWord(w, i + 1, i);
        }
        if (!loose) {
            return null;
        }
        if (w.dashBefore(i) || animeStyle && bareNumberEnds(w, i)) {
            return absolute(word);
        }
        if (!animeStyle
                && i + 1 < w.size()
                && CODE.matcher(word).matches()
                && !Vocabulary.isYear(word)
                && (Vocabulary.technicalEnd(w, i + 1) || Vocabulary.tvMedium(w.lower(i + 1)))) {
            // "Show.103.HDTV" is season 1, episode 3; "Room.237.720p.BluRay" may be a title's number.
            return Vocabulary.tvMedium(w.lower(i + 1)) ? code(word, 1) : new Match<>(new Episodes.Unknown(w.get(i)), 1);
        }
        return null;
    }

    /** Scene style: "S01E02", "S01E02E03", "S01E02-E04", "S01E01-02-03", then "S01E04" words of the same season. */
    private static Match<Episodes> scene(Words w, int i) {
        Matcher m = SCENE.matcher(w.lower(i));
        if (!m.matches()) {
            return splitScene(w, i);
        }
        int season = Integer.parseInt(m.group(1));
        List<Integer> list = new ArrayList<>();
        Matcher part = EPISODE_PART.matcher(m.group(2));
        while (part.find()) {
            addEpisode(list, Integer.parseInt(part.group(2)), !part.group(1).isEmpty(), MAX_RANGE);
        }
        for (String more : m.group(3).split("-")) {
            if (!more.isEmpty()) {
                addEpisode(list, Integer.parseInt(more), true, MAX_RANGE);
            }
        }
        int width = 1;
        while (i + width < w.size()) {
            Matcher next = SCENE.matcher(w.lower(i + width));
            Matcher lone = LONE_EPISODE.matcher(w.lower(i + width));
            if (next.matches()
                    && Integer.parseInt(next.group(1)) == season
                    && next.group(3).isEmpty()) {
                Matcher e = EPISODE_PART.matcher(next.group(2));
                while (e.find()) {
                    addEpisode(list, Integer.parseInt(e.group(2)), !e.group(1).isEmpty(), MAX_RANGE);
                }
            } else if (lone.matches() && w.lower(i + width).charAt(1) != 'p') {
                addEpisode(list, Integer.parseInt(lone.group(1)), w.dashBefore(i + width), MAX_RANGE);
            } else {
                break;
            }
            width++;
        }
        return numbered(season, list, width);
    }

    /** Season and episode as two words: "S15.E06", "s90 e43". */
    private static Match<Episodes> splitScene(Words w, int i) {
        Matcher season = SEASON_ONLY.matcher(w.lower(i));
        if (!season.matches() || season.group(2) != null || i + 1 >= w.size()) {
            return null;
        }
        String run = w.lower(i + 1);
        if (!EPISODE_RUN.matcher(run).matches()) {
            return null;
        }
        List<Integer> list = new ArrayList<>();
        for (String part : run.split("(?=-)|(?<=\\d)(?=e)")) {
            boolean range = part.startsWith("-");
            String digits = part.replaceAll("[^0-9]", "");
            addEpisode(list, Integer.parseInt(digits), range, MAX_RANGE);
        }
        return numbered(Integer.parseInt(season.group(1)), list, 2);
    }

    /** Whole seasons: "S05", "S01-S07", "S01-07", "S01 - S07"; "S3 - 21" is season 3, episode 21 (anime). */
    private static Match<Episodes> seasonOnly(Words w, int i) {
        Matcher m = SEASON_ONLY.matcher(w.lower(i));
        if (!m.matches()) {
            return null;
        }
        int first = Integer.parseInt(m.group(1));
        if (m.group(2) != null) {
            return seasons(first, Integer.parseInt(m.group(2)), 1);
        }
        if (i + 1 < w.size() && w.dashBefore(i + 1)) {
            Matcher last = SEASON_ONLY.matcher(w.lower(i + 1));
            if (last.matches() && last.group(2) == null) {
                return seasons(first, Integer.parseInt(last.group(1)), 2);
            }
            Matcher episode = RANGE.matcher(w.lower(i + 1));
            if (episode.matches() && episode.group(2) == null) {
                return numbered(first, List.of(Integer.parseInt(episode.group(1))), 2);
            }
        }
        return seasons(first, first, 1);
    }

    /**
     * "Season 04", "Saison 2", "Stagione 3", "Temporada 1", "Season 01-07", "Season 1 - Season 7",
     * "Season 1 Episode 5", the Dutch "Se.1 afl.2-3"; "Season - 12" is no season.
     *
     * @param number where the season number is written: after the word, or before it ("3rd Season")
     */
    private static Match<Episodes> seasonWord(Words w, int i, int number) {
        if (number == i + 1 && (i + 1 >= w.size() || w.dashBefore(i + 1))) {
            return null;
        }
        Matcher range = RANGE.matcher(number < i ? w.lower(number).replaceAll("\\D", "") : w.lower(number));
        if (!range.matches()) {
            return null;
        }
        if (number < i) {
            i--;
        }
        int first = Integer.parseInt(range.group(1));
        Match<Episodes> episodes = episodeWords(w, i + 2, first);
        if (episodes != null) {
            return episodes;
        }
        if (range.group(2) != null) {
            return seasons(first, Integer.parseInt(range.group(2)), 2);
        }
        if (i + 3 < w.size()
                && w.dashBefore(i + 2)
                && SEASON_WORDS.contains(w.lower(i + 2))
                && Vocabulary.isNumber(w.lower(i + 3))) {
            return seasons(first, Integer.parseInt(w.lower(i + 3)), 4);
        }
        if (i + 3 < w.size() && w.lower(i + 2).equals("to") && Vocabulary.isNumber(w.lower(i + 3))) {
            return seasons(first, Integer.parseInt(w.lower(i + 3)), 4);
        }
        if (i + 2 < w.size()
                && w.dashBefore(i + 2)
                && Vocabulary.isNumber(w.lower(i + 2))
                && w.lower(i + 2).length() <= 4) {
            return numbered(first, List.of(Integer.parseInt(w.lower(i + 2))), 3);
        }
        return seasons(first, first, 2);
    }

    /** "Episode 05-06", "afl.2-3-4" after a season: the episodes of that season, or null. */
    private static Match<Episodes> episodeWords(Words w, int i, int season) {
        if (i + 1 >= w.size()
                || !EPISODE_WORDS.contains(w.lower(i))
                || !LIST.matcher(w.lower(i + 1)).matches()) {
            return null;
        }
        List<Integer> list = new ArrayList<>();
        boolean range = false;
        for (String number : w.lower(i + 1).split("-")) {
            addEpisode(list, Integer.parseInt(number), range, MAX_RANGE);
            range = true;
        }
        return numbered(season, list, 4);
    }

    /** An episode number without a season ("E89", "EP06"): numbered from the start of the series. */
    private static Match<Episodes> loneEpisode(Words w, int i) {
        String word = w.lower(i);
        Matcher m = LONE_EPISODE.matcher(word);
        if (m.matches()) {
            return absolute(m.group(1));
        }
        if ((word.equals("ep") || word.equals("episode"))
                && i + 1 < w.size()
                && RANGE.matcher(w.lower(i + 1)).matches()) {
            Match<Episodes> run = absolute(w.lower(i + 1));
            return run == null ? null : new Match<>(run.value(), 2);
        }
        return null;
    }

    /** "103" for season 1, episode 3; "1016" for season 10, episode 16. */
    private static Match<Episodes> code(String word, int width) {
        if (!CODE.matcher(word).matches() && !(word.length() == 4 && Vocabulary.isNumber(word))) {
            return null;
        }
        int n = Integer.parseInt(word);
        int episode = n % 100;
        return episode == 0 ? null : numbered(n / 100, List.of(episode), width);
    }

    /** A bare number that the tags or an "END" follow directly, or that ends the name. */
    private static boolean bareNumberEnds(Words w, int i) {
        if (Vocabulary.isYear(w.lower(i)) || w.enclosure(i) != 0) {
            return false;
        }
        return i + 1 >= w.size()
                || w.enclosure(i + 1) != 0
                || Vocabulary.technicalEnd(w, i + 1)
                || w.lower(i + 1).equals("end");
    }

    private static Match<Episodes> absolute(String word) {
        Matcher m = RANGE.matcher(word);
        if (!m.matches() || word.length() > 9 || Vocabulary.isYear(m.group(1))) {
            return null;
        }
        List<Integer> list = new ArrayList<>(List.of(Integer.parseInt(m.group(1))));
        if (m.group(2) != null) {
            addEpisode(list, Integer.parseInt(m.group(2)), true, MAX_ABSOLUTE_RANGE);
        }
        return new Match<>(
                new Episodes.Absolute(list.stream().distinct().sorted().toList()), 1);
    }

    /** Adds an episode; after a dash it closes a range ("E01-E03" is 1, 2 and 3). */
    private static void addEpisode(List<Integer> list, int episode, boolean range, int maxRange) {
        int previous = list.isEmpty() ? -1 : list.getLast();
        if (range && previous >= 0 && episode > previous && episode - previous <= maxRange) {
            for (int e = previous + 1; e <= episode; e++) {
                list.add(e);
            }
        } else if (!list.contains(episode)) {
            list.add(episode);
        }
    }

    private static Match<Episodes> numbered(int season, List<Integer> episodes, int width) {
        List<Integer> sorted = episodes.stream().distinct().sorted().toList();
        return new Match<>(new Episodes.Numbered(season, sorted), width);
    }

    private static Match<Episodes> seasons(int first, int last, int width) {
        return last >= first ? new Match<>(new Episodes.Seasons(first, last), width) : null;
    }
}
