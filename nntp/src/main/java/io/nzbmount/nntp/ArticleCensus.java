package io.nzbmount.nntp;

import java.util.Objects;
import java.util.Set;

/**
 * What the providers said about every article of a list ({@link Usenet#census}). An article listed
 * with copies counts once, under its first message id: present when some provider has some copy,
 * missing when every provider said it has none of them, unknown otherwise.
 *
 * @param present how many articles some provider has
 * @param missing the message ids of the articles every provider lacks
 * @param unknown the message ids of the articles no clear answer was had for (timeouts, provider
 *                limits, providers that could not be asked): they say nothing about the release
 */
public record ArticleCensus(int present, Set<String> missing, Set<String> unknown) {
    public ArticleCensus {
        if (present < 0) throw new IllegalArgumentException("present must be >= 0: " + present);
        missing = Set.copyOf(Objects.requireNonNull(missing, "missing"));
        unknown = Set.copyOf(Objects.requireNonNull(unknown, "unknown"));
    }

    /** How many articles were asked about. */
    public int checked() {
        return present + missing.size() + unknown.size();
    }
}
