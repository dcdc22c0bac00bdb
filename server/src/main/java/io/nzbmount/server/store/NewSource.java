package io.nzbmount.server.store;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A source about to be stored. The NZB bytes are kept as given (not copied): the caller hands
 * them over and must not change them afterwards.
 *
 * @param nzb             the NZB document exactly as imported
 * @param sha256          its SHA-256, lower-case hex
 * @param releaseName     the release name
 * @param link            the indexer's download link, if any
 * @param postedAt        the post date, epoch seconds, 0 when unknown
 * @param role            primary or standby
 * @param state           the state to start in
 * @param presenceChecked articles checked for presence at import
 * @param presenceMissing how many of them were missing
 * @param added           when it is stored
 */
public record NewSource(
        byte[] nzb,
        String sha256,
        String releaseName,
        Optional<String> link,
        long postedAt,
        SourceRole role,
        SourceState state,
        int presenceChecked,
        int presenceMissing,
        Instant added) {
    public NewSource {
        Objects.requireNonNull(nzb, "nzb");
        Objects.requireNonNull(sha256, "sha256");
        Objects.requireNonNull(releaseName, "releaseName");
        Objects.requireNonNull(link, "link");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(added, "added");
    }
}
