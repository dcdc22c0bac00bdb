package io.nzbmount.server.standby;

import io.nzbmount.server.indexer.SearchQuery;
import io.nzbmount.server.release.Episodes;
import io.nzbmount.server.release.ReleaseInfo;
import java.util.Optional;
import java.util.OptionalInt;

/** What a standby pool searches for: other releases of the same content as a primary. */
public final class ContentQuery {
    private ContentQuery() {}

    /**
     * The search for other releases of the primary's content: title with year, or with season and
     * episode, or with the first absolute episode number.
     */
    public static Optional<SearchQuery> of(ReleaseInfo info) {
        if (!info.recognised()) return Optional.empty();
        String title = info.title();
        if (info.episodes() instanceof Episodes.Numbered n) {
            return Optional.of(SearchQuery.tv(
                    title,
                    OptionalInt.of(n.season()),
                    OptionalInt.of(n.episodes().get(0))));
        }
        if (info.episodes() instanceof Episodes.Absolute a) {
            // Fansub names write the number after the title ("Title - 12"), which is what indexers match.
            return Optional.of(SearchQuery.text(title + " " + a.episodes().getFirst()));
        }
        if (info.episodes() instanceof Episodes.Unknown u) {
            // An unsure reading: the words as written, which is what the release's own name has.
            return Optional.of(SearchQuery.text(title + " " + u.text()));
        }
        if (!(info.episodes() instanceof Episodes.None)) {
            return Optional.of(SearchQuery.text(title + " " + info.episodes().label()));
        }
        return Optional.of(info.hasYear() ? SearchQuery.movie(title + " " + info.year()) : SearchQuery.movie(title));
    }
}
