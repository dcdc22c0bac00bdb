package io.nzbmount.server.indexer;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * One Newznab search, without the API key. Immutable; build it with {@link #text}, {@link #tv} or
 * {@link #movie} and the {@code with...} methods.
 *
 * @param kind       which search function
 * @param text       the free text ({@code q}); empty means none (an id search)
 * @param season     TV season ({@code season}), only for {@link SearchKind#TV}
 * @param episode    TV episode ({@code ep}), only for {@link SearchKind#TV} and only with a season
 * @param tvdbId     TheTVDB series id ({@code tvdbid}), only for {@link SearchKind#TV}
 * @param imdbId     IMDb id without the {@code tt} prefix ({@code imdbid}), TV or movie
 * @param categories Newznab category ids ({@code cat}); empty means the indexer's default
 * @param limit      the most results wanted ({@code limit}), 0 for the indexer's default
 * @param offset     results to skip ({@code offset}), for paging
 */
public record SearchQuery(
        SearchKind kind,
        String text,
        OptionalInt season,
        OptionalInt episode,
        Optional<String> tvdbId,
        Optional<String> imdbId,
        List<Integer> categories,
        int limit,
        int offset) {

    public SearchQuery {
        Objects.requireNonNull(kind, "kind");
        text = text == null ? "" : text.strip();
        Objects.requireNonNull(season, "season");
        Objects.requireNonNull(episode, "episode");
        Objects.requireNonNull(tvdbId, "tvdbId");
        imdbId = Objects.requireNonNull(imdbId, "imdbId").map(SearchQuery::imdbDigits);
        categories = List.copyOf(categories);
        if (kind != SearchKind.TV && (season.isPresent() || episode.isPresent() || tvdbId.isPresent())) {
            throw new IllegalArgumentException("season, episode and tvdbid belong to a TV search");
        }
        if (kind == SearchKind.SEARCH && imdbId.isPresent()) {
            throw new IllegalArgumentException("imdbid belongs to a TV or movie search");
        }
        if (episode.isPresent() && season.isEmpty()) throw new IllegalArgumentException("an episode needs a season");
        if (season.orElse(0) < 0 || episode.orElse(0) < 0)
            throw new IllegalArgumentException("negative season or episode");
        tvdbId.ifPresent(id -> requireDigits(id, "tvdbid"));
        if (limit < 0 || offset < 0) throw new IllegalArgumentException("negative limit or offset");
        if (text.isEmpty() && imdbId.isEmpty() && tvdbId.isEmpty() && kind == SearchKind.SEARCH) {
            throw new IllegalArgumentException("a search needs text");
        }
    }

    /** A free-text search over all categories. */
    public static SearchQuery text(String text) {
        return new SearchQuery(
                SearchKind.SEARCH,
                text,
                OptionalInt.empty(),
                OptionalInt.empty(),
                Optional.empty(),
                Optional.empty(),
                List.of(),
                0,
                0);
    }

    /** A TV search by show name (may be empty when an id is added); season/episode are optional. */
    public static SearchQuery tv(String show, OptionalInt season, OptionalInt episode) {
        return new SearchQuery(
                SearchKind.TV, show, season, episode, Optional.empty(), Optional.empty(), List.of(), 0, 0);
    }

    /** A movie search by title (may be empty when an IMDb id is added). */
    public static SearchQuery movie(String title) {
        return new SearchQuery(
                SearchKind.MOVIE,
                title,
                OptionalInt.empty(),
                OptionalInt.empty(),
                Optional.empty(),
                Optional.empty(),
                List.of(),
                0,
                0);
    }

    /** The same search restricted by IMDb id ({@code tt0133093} or {@code 0133093}). */
    public SearchQuery withImdbId(String id) {
        return new SearchQuery(kind, text, season, episode, tvdbId, Optional.of(id), categories, limit, offset);
    }

    /** The same search restricted by TheTVDB series id. */
    public SearchQuery withTvdbId(String id) {
        return new SearchQuery(kind, text, season, episode, Optional.of(id), imdbId, categories, limit, offset);
    }

    /** The same search in these categories only. */
    public SearchQuery withCategories(List<Integer> ids) {
        return new SearchQuery(kind, text, season, episode, tvdbId, imdbId, ids, limit, offset);
    }

    /** The same search, one page of it. */
    public SearchQuery withPage(int newLimit, int newOffset) {
        return new SearchQuery(kind, text, season, episode, tvdbId, imdbId, categories, newLimit, newOffset);
    }

    /** The query parameters, in a stable order, without {@code apikey} and {@code o}. */
    public Map<String, String> parameters() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("t", kind.function());
        if (!text.isEmpty()) p.put("q", text);
        season.ifPresent(s -> p.put("season", Integer.toString(s)));
        episode.ifPresent(e -> p.put("ep", Integer.toString(e)));
        tvdbId.ifPresent(id -> p.put("tvdbid", id));
        imdbId.ifPresent(id -> p.put("imdbid", id));
        if (!categories.isEmpty()) {
            p.put("cat", categories.stream().map(String::valueOf).collect(Collectors.joining(",")));
        }
        if (limit > 0) p.put("limit", Integer.toString(limit));
        if (offset > 0) p.put("offset", Integer.toString(offset));
        return p;
    }

    /** Newznab wants the IMDb id as digits; users paste it with the {@code tt} prefix. */
    private static String imdbDigits(String id) {
        String digits = id.strip();
        if (digits.regionMatches(true, 0, "tt", 0, 2)) digits = digits.substring(2);
        return requireDigits(digits, "imdbid");
    }

    private static String requireDigits(String value, String name) {
        if (value.isEmpty() || !value.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new IllegalArgumentException(name + " must be digits: " + value);
        }
        return value;
    }
}
