package io.nzbmount.nntp.internal.fetch;

import java.util.Set;

/**
 * What one pipelined STAT batch settled ({@link ArticleFetcher#statAll}); an article in neither set
 * is not settled (a provider could not be asked, answered something else, or the batch failed)
 * and must be asked on its own, with the retry rules of {@link ArticleFetcher#exists}.
 *
 * @param present message ids some provider has
 * @param missing message ids every provider answered it does not have
 */
public record StatAnswers(Set<String> present, Set<String> missing) {
    public StatAnswers {
        present = Set.copyOf(present);
        missing = Set.copyOf(missing);
    }

    /** Nothing settled. */
    public static final StatAnswers NONE = new StatAnswers(Set.of(), Set.of());
}
