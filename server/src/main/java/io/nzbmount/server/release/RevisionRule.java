package io.nzbmount.server.release;

import io.nzbmount.server.release.Revision.Kind;
import io.nzbmount.server.release.Vocabulary.Match;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Fixes and their depth: "PROPER", "REAL.PROPER" (a proper of a proper), "REPACK", "REPACK2",
 * "REAL.REPACK", "RERIP", and the fansub version "v2" (the group's own second release). Pure and
 * stateless.
 */
final class RevisionRule {
    private static final Pattern FIX = Pattern.compile("(proper|repack|rerip)(\\d?)");
    private static final Pattern VERSION = Pattern.compile("v([1-9])");

    private RevisionRule() {}

    static Match<Revision> at(Words w, int i) {
        String word = w.lower(i);
        if (word.equals("real") && i + 1 < w.size()) {
            Matcher fix = FIX.matcher(w.lower(i + 1));
            if (fix.matches()) {
                Revision base = revision(fix);
                return new Match<>(new Revision(base.kind(), base.version() + 1), 2);
            }
            return null;
        }
        Matcher fix = FIX.matcher(word);
        if (fix.matches()) {
            return new Match<>(revision(fix), 1);
        }
        Matcher version = VERSION.matcher(word);
        if (version.matches() && i > 0) {
            int n = Integer.parseInt(version.group(1));
            return new Match<>(n == 1 ? Revision.ORIGINAL : new Revision(Kind.REPACK, n), 1);
        }
        return null;
    }

    private static Revision revision(Matcher fix) {
        Kind kind = switch (fix.group(1)) {
            case "proper" -> Kind.PROPER;
            case "repack" -> Kind.REPACK;
            default -> Kind.RERIP;
        };
        return new Revision(kind, fix.group(2).isEmpty() ? 1 : Math.max(1, Integer.parseInt(fix.group(2))));
    }
}
