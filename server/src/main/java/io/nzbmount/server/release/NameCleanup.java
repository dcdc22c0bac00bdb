package io.nzbmount.server.release;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What is taken off a name before it is read: a file extension, a site prefix
 * ("www.site.com - "), an indexer's listing after " / " ({@link #titles}), repost and indexer
 * suffixes that are not the group ("-Obfuscated", "-xpost", "-RP", "-NZBgeek", "-RePACKPOST",
 * "-Pre"), and a revision, sample or language tag written after the group ("-GROUP.PROPER",
 * "-GROUP-sample", "-GROUP.English"), which is kept as a tag. A name written
 * with dashes only ("Movie-Title-2019-1080p-BluRay-x264-GRP") has its dashes read as dots, but
 * the last. Pure and stateless.
 */
final class NameCleanup {
    /** The name left to read, and tags found after the group. */
    record Cleaned(String body, String trailingTags) {}

    private static final Pattern EXTENSION =
            Pattern.compile("(?i)\\.(mkv|mp4|m4v|avi|wmv|mov|ts|m2ts|iso|nzb|par2|rar)$");
    /** "www.site.com - ", "[www.site.org] ", "[site.net] ", "site.com - ": never a bare "Talk.to.Me". */
    private static final Pattern SITE_PREFIX = Pattern.compile(
            "(?i)^(?:\\[\\s*(?:www\\.[^\\s\\]]+|[\\w-]+(?:\\.[\\w-]+)*\\.(?:com|org|net|info|biz|xyz|to|tv|io|cc))\\s*\\]"
                    + "\\s*-?\\s*|www\\.[^\\s\\]]+\\s*-?\\s*|[\\w-]+\\.(?:com|org|net|info|biz|xyz)\\s+-\\s+)");

    private static final Pattern POSTER_SUFFIX = Pattern.compile("(?i)[-\\s]+(obfuscated|scrambled|xpost|postbot|"
            + "asrequested|whiterev|buymore|rakuv\\w*|rp|nzbgeek|4p|4planet|no rars|norars|repost|repackpost|newzbin|chamele0n|"
            + "pre|altezachen)$");
    private static final Pattern REVISION_AFTER_GROUP = Pattern.compile(
            "(?i)(-[\\w-]+)[.\\s_-]+((?:real[.\\s_-]+)?(?:proper|repack|rerip)\\d?|v[2-9]|sample|english|german"
                    + "|french|spanish|italian|dutch)$");
    private static final Pattern ANY_SEPARATOR = Pattern.compile("[.\\s_\\[\\]()]");
    private static final java.util.Set<String> POSTER_WORDS = java.util.Set.of(
            "obfuscated",
            "scrambled",
            "xpost",
            "postbot",
            "asrequested",
            "whiterev",
            "buymore",
            "rp",
            "nzbgeek",
            "4p",
            "4planet",
            "rars",
            "norars",
            "repost",
            "repackpost",
            "newzbin",
            "chamele0n",
            "rakuv",
            "rakuvfinhel",
            "pre",
            "altezachen");
    /** Trackers that write their name after the group with a dot: "-mSD.EZTV". */
    private static final java.util.Set<String> TRACKERS = java.util.Set.of("eztv", "rarbg", "ettv", "tgx");

    private static final Pattern TRAILING_SEPARATORS = Pattern.compile("[.\\s_-]+$");
    private static final Pattern LAST_WORD = Pattern.compile(
            "(?i)(?:proper|repack|rerip)\\d?|v[2-9]|sample|english|german|french|spanish|italian|dutch");
    /** "8x01_02": a second episode after an underscore, which is a separator elsewhere. */
    private static final Pattern UNDERSCORE_EPISODE =
            Pattern.compile("(?i)(?<![\\w])(\\d{1,2}x\\d{1,3})_(\\d{1,3})(?![\\w])");

    private NameCleanup() {}

    static Cleaned clean(String name) {
        String body = titles(name.strip());
        if (!body.isEmpty()
                && (body.charAt(0) == '[' || body.regionMatches(true, 0, "www.", 0, 4) || body.contains(" - "))) {
            body = SITE_PREFIX.matcher(body).replaceFirst("");
        }
        body = dashesAsSeparators(body);
        if (body.indexOf('_') >= 0) {
            body = UNDERSCORE_EPISODE.matcher(body).replaceAll("$1-$2");
        }
        String tags = "";
        String before;
        do {
            before = body;
            int dot = body.lastIndexOf('.');
            if (dot >= 0 && dot >= body.length() - 5) {
                body = EXTENSION.matcher(body).replaceFirst("").strip();
            }
            body = withoutTracker(body);
            if (posterSuffix(body)) {
                body = POSTER_SUFFIX.matcher(body).replaceFirst("").strip();
            }
            Matcher revision = REVISION_AFTER_GROUP.matcher(body);
            if (endsWithTag(body) && revision.find()) {
                tags = revision.group(2) + " " + tags;
                body = TRAILING_SEPARATORS
                        .matcher(body.substring(0, revision.start(2)))
                        .replaceFirst("");
            }
        } while (!body.equals(before));
        return new Cleaned(body, tags.strip());
    }

    /**
     * What is read of a name written with " / ": "Name.2019.1080p-GRP / Movies / 8 GiB" is a name
     * and an indexer's listing (the name is kept); "Брат / Brother (1997) BDRip" gives a title in
     * two languages before its tags (the last title is kept, the one the other releases of the
     * content are most often named by).
     */
    private static String titles(String body) {
        int slash = body.indexOf(" / ");
        if (slash <= 0) {
            return body;
        }
        String first = body.substring(0, slash);
        if (GroupRule.hasTags(first)) {
            return first;
        }
        String rest = body.substring(body.lastIndexOf(" / ") + 3).strip();
        return rest.isEmpty() ? first : rest;
    }

    /** The name without a tracker written after its group ("-mSD.EZTV" is "-mSD"). */
    private static String withoutTracker(String body) {
        int dot = body.lastIndexOf('.');
        if (dot < 1
                || dot < body.length() - 6
                || !TRACKERS.contains(body.substring(dot + 1).toLowerCase(java.util.Locale.ROOT))) {
            return body;
        }
        int cut = Math.max(body.lastIndexOf('.', dot - 1), body.lastIndexOf(' ', dot - 1));
        int dash = body.indexOf('-', cut + 1);
        return dash > cut && dash < dot - 1 ? body.substring(0, dot) : body;
    }

    /** Whether the name may end in a repost or indexer suffix (cheap, before the full pattern). */
    private static boolean posterSuffix(String body) {
        int cut = Math.max(body.lastIndexOf('-'), body.lastIndexOf(' '));
        String last = body.substring(cut + 1).toLowerCase(java.util.Locale.ROOT);
        return cut >= 0 && (POSTER_WORDS.contains(last) || last.startsWith("rakuv"));
    }

    /** Whether the last word could be a tag written after the group (cheap, before the full pattern). */
    private static boolean endsWithTag(String body) {
        int cut = body.length();
        while (cut > 0 && Character.isLetterOrDigit(body.charAt(cut - 1))) {
            cut--;
        }
        return body.length() - cut >= 2
                && LAST_WORD.matcher(body.substring(cut)).matches();
    }

    private static String dashesAsSeparators(String body) {
        int last = body.lastIndexOf('-');
        if (ANY_SEPARATOR.matcher(body).find()
                || body.chars().filter(c -> c == '-').count() < 3) {
            return body;
        }
        return body.substring(0, last).replace('-', '.') + body.substring(last);
    }
}
