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
    private static final Pattern LISTING = Pattern.compile("\\s/\\s");

    private NameCleanup() {
    }

    static Cleaned clean(String name) {
        String body = name.strip();
        Matcher listing = LISTING.matcher(body);
        if (listing.find() && listing.start() > 0) {
            body = body.substring(0, listing.start());
        }
        body = SITE_PREFIX.matcher(body).replaceFirst("");
        body = dashesAsSeparators(body);
        String tags = "";
        String before;
        do {
            before = body;
            body = EXTENSION.matcher(body).replaceFirst("").strip();
            body = POSTER_SUFFIX.matcher(body).replaceFirst("").strip();
            Matcher revision = REVISION_AFTER_GROUP.matcher(body);
            if (revision.find()) {
                tags = revision.group(2) + " " + tags;
                body = body.substring(0, revision.start(2)).replaceAll("[.\\s_-]+$", "");
            }
        } while (!body.equals(before));
        return new Cleaned(body, tags.strip());
    }

    private static String dashesAsSeparators(String body) {
        int last = body.lastIndexOf('-');
        if (ANY_SEPARATOR.matcher(body).find() || body.chars().filter(c -> c == '-').count() < 3) {
            return body;
        }
        return body.substring(0, last).replace('-', '.') + body.substring(last);
    }
}
