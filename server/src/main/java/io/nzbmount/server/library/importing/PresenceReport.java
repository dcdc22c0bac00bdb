package io.nzbmount.server.library.importing;

import java.util.Objects;
import java.util.Set;

/**
 * The answer of {@link ArticlePresence#check}.
 *
 * @param checked    how many articles were checked
 * @param missingIds the message ids (without angle brackets) that no provider has
 */
public record PresenceReport(int checked, Set<String> missingIds) {
    public PresenceReport {
        missingIds = Set.copyOf(Objects.requireNonNull(missingIds, "missingIds"));
        if (missingIds.size() > checked) {
            throw new IllegalArgumentException(
                    "more missing (" + missingIds.size() + ") than checked (" + checked + ")");
        }
    }
}
