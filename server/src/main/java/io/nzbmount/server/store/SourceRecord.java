package io.nzbmount.server.store;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A stored source (one NZB of an item), without the NZB bytes (see {@link SourceTable#nzb}).
 *
 * @param id              the source id
 * @param itemId          the item it belongs to
 * @param sha256          the SHA-256 of the NZB bytes, lower-case hex; unique over all sources
 * @param releaseName     the release name (NZB title or file name)
 * @param link            the indexer's download link, when it came from an indexer
 * @param postedAt        the post date, epoch seconds, 0 when unknown
 * @param role            primary or standby
 * @param state           where it stands
 * @param reason          why it is failed or dead, in words for the user
 * @param tier            how close a standby is to the primary (0 best); empty when not ranked
 * @param presenceChecked how many articles were checked for presence at import
 * @param presenceMissing how many of those were missing on every provider
 * @param added           when it was stored
 */
public record SourceRecord(
        long id,
        long itemId,
        String sha256,
        String releaseName,
        Optional<String> link,
        long postedAt,
        SourceRole role,
        SourceState state,
        Optional<String> reason,
        OptionalInt tier,
        int presenceChecked,
        int presenceMissing,
        Instant added) {
    public SourceRecord {
        Objects.requireNonNull(sha256, "sha256");
        Objects.requireNonNull(releaseName, "releaseName");
        Objects.requireNonNull(link, "link");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(tier, "tier");
        Objects.requireNonNull(added, "added");
    }

    /** Whether it is a standby proved identical to the primary ({@code VERIFIED}): it may take over. */
    public boolean verifiedStandby() {
        return role == SourceRole.STANDBY && state == SourceState.VERIFIED;
    }

    /** Whether it is a standby not proved yet ({@code PENDING}): it needs a full sweep to take over. */
    public boolean pendingStandby() {
        return role == SourceRole.STANDBY && state == SourceState.PENDING;
    }
}
