package io.nzbmount.server.indexer;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One release found by an indexer. Immutable.
 *
 * <p>The {@code link} usually carries the indexer's API key (that is how indexers authorize the
 * download), so it is a secret: {@link #toString()} shows only its host and path, and anything
 * that logs or displays a result must use {@link #linkForDisplay()}.
 *
 * @param indexer    the configured name of the indexer that returned it
 * @param title      the release name
 * @param guid       the indexer's id of the release (its {@code guid}; the link when it has none)
 * @param link       the NZB download URL, as the indexer gave it
 * @param size       total size in bytes, {@link #UNKNOWN} when the indexer did not say
 * @param postDate   when it was posted to Usenet, epoch seconds, {@link #UNKNOWN} when not known
 *                   (from {@code usenetdate}, else {@code postdate}, else the item's {@code pubDate})
 * @param categories Newznab category ids, most specific last as the indexer sent them
 * @param grabs      how often it was downloaded, {@link #UNKNOWN} when not known
 * @param group      the Usenet group, empty when not known
 * @param poster     the poster, empty when not known
 * @param attributes every Newznab attribute of the item (name to first value)
 */
public record SearchResult(
        String indexer,
        String title,
        String guid,
        String link,
        long size,
        long postDate,
        List<Integer> categories,
        int grabs,
        String group,
        String poster,
        Map<String, String> attributes) {

    /** The value of a number the indexer did not give. */
    public static final int UNKNOWN = -1;

    public SearchResult {
        Objects.requireNonNull(indexer, "indexer");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(guid, "guid");
        Objects.requireNonNull(link, "link");
        categories = List.copyOf(categories);
        group = group == null ? "" : group;
        poster = poster == null ? "" : poster;
        attributes = Map.copyOf(attributes);
    }

    /** The download link without its query (where the key usually is), safe to show. */
    public String linkForDisplay() {
        return Redactor.withoutQuery(link);
    }

    @Override
    public String toString() {
        return "SearchResult[indexer=" + indexer + ", title=" + title + ", guid=" + Redactor.withoutQuery(guid)
                + ", link=" + linkForDisplay() + ", size=" + size + ", postDate=" + postDate
                + ", categories=" + categories + ", grabs=" + grabs + "]";
    }
}
