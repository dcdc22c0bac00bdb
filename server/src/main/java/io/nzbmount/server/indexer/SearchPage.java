package io.nzbmount.server.indexer;

import java.util.List;

/**
 * One indexer's answer to one search.
 *
 * @param results the usable results, in the indexer's order
 * @param offset  the offset the indexer reports for this page (0 when it does not say)
 * @param total   how many results the indexer has for the search in all, {@link SearchResult#UNKNOWN}
 *                when it does not say
 * @param skipped items of the answer that were left out because they had no title or no link
 */
public record SearchPage(List<SearchResult> results, int offset, int total, int skipped) {
    public SearchPage {
        results = List.copyOf(results);
    }
}
