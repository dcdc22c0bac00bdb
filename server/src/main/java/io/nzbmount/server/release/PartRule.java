package io.nzbmount.server.release;

import io.nzbmount.server.release.Vocabulary.Match;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Releases that hold less than their season or film: "S07.Vol.1", "Volume 2", "S05 EXTRAS",
 * "S03.SUBPACK", "S04.Part.2" and "S04.Part2" (a season released in parts), "Sample", "Bonus" discs and "Featurettes". Read after the title only. Pure and
 * stateless.
 */
final class PartRule {
    private static final Pattern VOLUME = Pattern.compile("(?:vol(?:ume)?|part)(\\d{1,3})");

    private PartRule() {}

    static Match<Part> at(Words w, int i) {
        String word = w.lower(i);
        return switch (word) {
            case "extras", "featurettes" -> new Match<>(new Part(Part.Kind.EXTRAS, 0), 1);
            case "subpack", "subs-pack" -> new Match<>(new Part(Part.Kind.SUBPACK, 0), 1);
            case "sample" -> new Match<>(new Part(Part.Kind.SAMPLE, 0), 1);
            case "bonus" ->
                new Match<>(new Part(Part.Kind.BONUS, 0), w.lower(i + 1).equals("disc") ? 2 : 1);
            case "vol", "volume", "part" ->
                i + 1 < w.size()
                                && Vocabulary.isNumber(w.lower(i + 1))
                                && w.lower(i + 1).length() <= 3
                        ? new Match<>(new Part(Part.Kind.VOLUME, Integer.parseInt(w.lower(i + 1))), 2)
                        : null;
            default -> {
                Matcher m = VOLUME.matcher(word);
                yield m.matches() ? new Match<>(new Part(Part.Kind.VOLUME, Integer.parseInt(m.group(1))), 1) : null;
            }
        };
    }
}
