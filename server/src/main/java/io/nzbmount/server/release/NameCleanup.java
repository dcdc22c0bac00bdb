package io.nzbmount.server.release;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What is taken off a name before it is read: a file extension, a site prefix
 * ("www.site.com - "), an indexer's listing after " / ", repost and indexer suffixes that are
 * not the group ("-Obfuscated", "-xpost", "-RP", "-NZBgeek"), and a revision or sample tag written
 * after the group ("-GROUP.PROPER", "-GROUP-sample"), which is kept as a tag. A name written
 * with dashes only ("Movie-Title-2019-1080p-BluRay-x264-GRP") has its dashes read as dots, but
 * the last. Pure and stateless.
 */
final class NameCleanup {
    /** The name left to read, and tags found after the group. */
    record Cleaned(String body, String trailingTags) {
    }

    private static final Pattern EXTENSION = Pattern.compile("(?i)\\.(mkv|mp4|m4v|avi|wmv|mov|ts|m2ts|iso|nzb|par2|rar)$");
    /** "www.site.com - ", "[www.site.org] ", "[site.net] ", "site.com - ": never a bare "Talk.to.Me". */
    private static final Pattern SITE_PREFIX = Pattern.compile("(?i)^(?:\\[\\s*(?:www\\.[^\\s\\]]+|[\\w-]+(?:\\.[\\w-]+)*\\.(?:com|org|net|info|biz|xyz|to|tv|io|cc))\\s*\\]"
            + "\\s*-?\\s*|www\\.[^\\s\\]]+\\s*-?\\s*|[\\w-]+\\.(?:com|org|net|info|biz|xyz)\\s+-\\s+)");
    private static final Pattern POSTER_SUFFIX = Pattern.compile("(?i)[-\\s]+(obfuscated|scrambled|xpost|postbot|"
            + "asrequested|whiterev|buymore|rakuv\\w*|rp|nzbgeek|4p|4planet|no rars|norars|repost|newzbin|chamele0n)$");
    private static final Pattern REVISION_AFTER_GROUP =
            Pattern.compile("(?i)(-[\\w-]+)[.\\s_-]+((?:real[.\\s_-]+)?(?:proper|repack|rerip)\\d?|v[2-9]|sample)$");
    private static final Pattern ANY_SEPARATOR = Pattern.compile("[.\\s_\\[\\]()]");
    private static final java.util.Set<String> POSTER_WORDS = java.util.Set.of("obfuscated", "scrambled", "xpost",
            "postbot", "asrequested", "whiterev", "buymore", "rp", "nzbgeek", "4p", "4planet", "rars", "norars",
            "repost", "newzbin", "chamele0n", "rakuv", "rakuvfinhel");
    private static final Pattern TRAILING_SEPARATORS = Pattern.compile("[.\\s_-]+$");
    private static final Pattern LAST_WORD = Pattern.compile("(?i)(?:proper|repack|rerip)\\d?|v[2-9]|sample");

    private NameCleanup() {
    }

    static Cleaned clean(String name) {
        String body = name.strip();
        int listing = body.indexOf(" / ");
        if (listing > 0) {
            body = body.substring(0, listing);
        }
        if (!body.isEmpty() && (body.charAt(0) == '[' || body.regionMatches(true, 0, "www.", 0, 4) || body.contains(" - "))) {
            body = SITE_PREFIX.matcher(body).replaceFirst("");
        }
        body = dashesAsSeparators(body);
        String tags = "";
        String before;
        do {
            before = body;
            int dot = body.lastIndexOf('.');
            if (dot >= 0 && dot >= body.length() - 5) {
                body = EXTENSION.matcher(body).replaceFirst("").strip();
            }
            if (posterSuffix(body)) {
                body = POSTER_SUFFIX.matcher(body).replaceFirst("").strip();
            }
            Matcher revision = REVISION_AFTER_GROUP.matcher(body);
            if (endsWithTag(body) && revision.find()) {
                tags = revision.group(2) + " " + tags;
                body = TRAILING_SEPARATORS.matcher(body.substring(0, revision.start(2))).replaceFirst("");
            }
        } while (!body.equals(before));
        return new Cleaned(body, tags.strip());
    }

    /** Whether the name may end in a repost or indexer suffix (cheap, before the full pattern). */
    private static boolean posterSuffix(String body) {
        int cut = Math.max(body.lastIndexOf('-'), body.lastIndexOf(' '));
        return cut >= 0 && POSTER_WORDS.contains(body.substring(cut + 1).toLowerCase(java.util.Locale.ROOT));
    }

    /** Whether the last word could be a tag written after the group (cheap, before the full pattern). */
    private static boolean endsWithTag(String body) {
        int cut = body.length();
        while (cut > 0 && Character.isLetterOrDigit(body.charAt(cut - 1))) {
            cut--;
        }
        return body.length() - cut >= 2 && LAST_WORD.matcher(body.substring(cut)).matches();
    }

    private static String dashesAsSeparators(String body) {
        int last = body.lastIndexOf('-');
        if (ANY_SEPARATOR.matcher(body).find() || body.chars().filter(c -> c == '-').count() < 3) {
            return body;
        }
        return body.substring(0, last).replace('-', '.') + body.substring(last);
    }
}
