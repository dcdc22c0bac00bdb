package io.nzbmount.server.release;

import io.nzbmount.server.release.Vocabulary.Match;
import java.util.Map;
import java.util.Set;

/**
 * Cuts and editions of a film, as canonical names ("DIRECTORS_CUT", "IMAX", "3D"). Known
 * editions are read wherever they stand after the first title word, also before the year
 * ("Directors.Cut.2019"); any other "... Edition", "... Cut" or "... Version" of one or two words
 * is read only after the title ("1979.The.Imperial.Edition"), so "The.Christmas.Edition.2020"
 * keeps its title. Pure and stateless.
 */
final class EditionRule {
    private static final Map<String, String> SINGLE = Map.ofEntries(
            Map.entry("extended", "EXTENDED"),
            Map.entry("unrated", "UNRATED"),
            Map.entry("uncut", "UNCUT"),
            Map.entry("uncensored", "UNCENSORED"),
            Map.entry("theatrical", "THEATRICAL"),
            Map.entry("remastered", "REMASTERED"),
            Map.entry("remaster", "REMASTERED"),
            Map.entry("restored", "RESTORED"),
            Map.entry("imax", "IMAX"),
            Map.entry("criterion", "CRITERION"),
            Map.entry("directorscut", "DIRECTORS_CUT"),
            Map.entry("dc", "DIRECTORS_CUT"),
            Map.entry("anniversary", "ANNIVERSARY"),
            Map.entry("despecialized", "DESPECIALIZED"),
            Map.entry("fanedit", "FAN_EDIT"),
            Map.entry("3d", "3D"),
            Map.entry("sbs", "3D"),
            Map.entry("hsbs", "3D"),
            Map.entry("half-sbs", "3D"),
            Map.entry("h-sbs", "3D"),
            Map.entry("full-sbs", "3D"),
            Map.entry("hou", "3D"),
            Map.entry("half-ou", "3D"),
            Map.entry("h-ou", "3D"),
            Map.entry("openmatte", "OPEN_MATTE"));
    /** Two-word editions, keyed by "first second". */
    private static final Map<String, String> PAIRS = Map.ofEntries(
            Map.entry("directors cut", "DIRECTORS_CUT"), Map.entry("director's cut", "DIRECTORS_CUT"),
            Map.entry("director’s cut", "DIRECTORS_CUT"), Map.entry("special edition", "SPECIAL_EDITION"),
            Map.entry("ultimate edition", "ULTIMATE_EDITION"), Map.entry("ultimate cut", "ULTIMATE_CUT"),
            Map.entry("final cut", "FINAL_CUT"), Map.entry("rogue cut", "ROGUE_CUT"),
            Map.entry("collectors edition", "COLLECTORS_EDITION"),
                    Map.entry("collector's edition", "COLLECTORS_EDITION"),
            Map.entry("diamond edition", "DIAMOND_EDITION"), Map.entry("fan edit", "FAN_EDIT"),
            Map.entry("open matte", "OPEN_MATTE"), Map.entry("4k remaster", "REMASTERED"),
            Map.entry("4k remastered", "REMASTERED"), Map.entry("4k restored", "RESTORED"),
            Map.entry("4k restoration", "RESTORED"), Map.entry("alternate cut", "ALTERNATE_CUT"),
            Map.entry("international cut", "INTERNATIONAL_CUT"), Map.entry("black chrome", "BLACK_CHROME"));

    private static final Set<String> PAIR_FIRSTS = PAIRS.keySet().stream()
            .map(k -> k.substring(0, k.indexOf(' ')))
            .collect(java.util.stream.Collectors.toUnmodifiableSet());
    private static final java.util.regex.Pattern ORDINAL = java.util.regex.Pattern.compile("\\d{1,3}(?:st|nd|rd|th)");
    /** Words that may follow a single-word edition and belong to it ("Extended.Cut"). */
    private static final Set<String> TAILS = Set.of("cut", "edition", "version");

    private EditionRule() {}

    /** A known edition starting at word {@code i}, or null ("The" before it belongs to it: "THE ROGUE CUT"). */
    static Match<String> known(Words w, int i) {
        int skip = w.lower(i).equals("the") && i + 1 < w.size() ? 1 : 0;
        String first = w.lower(i + skip);
        String second = w.lower(i + skip + 1);
        if (second.equals("anniversary") && ORDINAL.matcher(first).matches()) {
            // "10TH.ANNiVERSARY", "40th.Anniversary.Edition": the number belongs to the edition.
            return new Match<>("ANNIVERSARY", skip + (TAILS.contains(w.lower(i + skip + 2)) ? 3 : 2));
        }
        String pair = PAIR_FIRSTS.contains(first) ? PAIRS.get(first + " " + second) : null;
        if (pair != null) {
            return new Match<>(pair, skip + 2);
        }
        String single = SINGLE.get(first);
        if (single == null || skip == 1 && !TAILS.contains(second)) {
            return null;
        }
        return new Match<>(single, skip + (TAILS.contains(second) ? 2 : 1));
    }

    /** A known edition, or after the title any "X Edition", "X Y Cut", "The X Version". */
    static Match<String> after(Words w, int i) {
        Match<String> known = known(w, i);
        if (known != null) {
            return known;
        }
        int skip = w.lower(i).equals("the") ? 1 : 0;
        for (int words = 1; words <= 2; words++) {
            String tail = w.lower(i + skip + words);
            if (TAILS.contains(tail) && nameWords(w, i + skip, words)) {
                StringBuilder name = new StringBuilder();
                for (int k = 0; k <= words; k++) {
                    name.append(k == 0 ? "" : "_")
                            .append(w.lower(i + skip + k).replace("'", "").toUpperCase(java.util.Locale.ROOT));
                }
                return new Match<>(name.toString(), skip + words + 1);
            }
        }
        return null;
    }

    private static boolean nameWords(Words w, int from, int count) {
        for (int k = from; k < from + count; k++) {
            if (k >= w.size()
                    || !Character.isLetter(w.lower(k).charAt(0))
                    || Vocabulary.known(w.lower(k))
                    || TAILS.contains(w.lower(k))) {
                return false;
            }
        }
        return true;
    }
}
