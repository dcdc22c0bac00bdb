package io.nzbmount.server.indexer;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What an indexer says it supports ({@code t=caps}). Immutable.
 *
 * @param serverTitle  the server's title, empty when not given
 * @param maxLimit     the largest {@code limit} it accepts, {@link SearchResult#UNKNOWN} when not given
 * @param defaultLimit the {@code limit} it uses when none is sent, {@link SearchResult#UNKNOWN} when not given
 * @param searching    per search function: whether it is available and which parameters it takes;
 *                     a function missing here was not listed
 * @param categories   the top-level categories with their subcategories
 */
public record Capabilities(
        String serverTitle,
        int maxLimit,
        int defaultLimit,
        Map<SearchKind, Searching> searching,
        List<Category> categories) {
    public Capabilities {
        searching = Map.copyOf(searching);
        categories = List.copyOf(categories);
    }

    /** Whether the function is listed as available. */
    public boolean supports(SearchKind kind) {
        Searching s = searching.get(kind);
        return s != null && s.available();
    }

    /**
     * One search function's support.
     *
     * @param available       whether the indexer offers it
     * @param supportedParams the parameters it takes, lower case ({@code q}, {@code season}, {@code imdbid}, ...)
     */
    public record Searching(boolean available, Set<String> supportedParams) {
        public Searching {
            supportedParams = Set.copyOf(supportedParams);
        }
    }

    /** A Newznab category, e.g. 2000 Movies with 2040 HD below it. */
    public record Category(int id, String name, List<Category> subcategories) {
        public Category {
            subcategories = List.copyOf(subcategories);
        }
    }
}
