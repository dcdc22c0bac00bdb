package io.nzbmount.server.standby;

import java.util.Objects;

/**
 * A release that might stand by for a primary.
 *
 * @param name release name as the indexer or the NZB gives it
 * @param size total size in bytes as announced; {@code <= 0} when unknown
 * @param postedAt Usenet post time, epoch seconds; {@link #UNKNOWN_TIME} when unknown
 * @param key stable identity: the indexer download link, or the NZB's hash for one added by hand
 * @param origin where the candidate came from
 */
public record Candidate(String name, long size, long postedAt, String key, Origin origin) {

    /** The value of {@link #postedAt} when the post time is not known; time rules then do not apply. */
    public static final long UNKNOWN_TIME = Long.MIN_VALUE;

    /** Where a candidate came from. */
    public enum Origin {
        /** The indexer results the primary was picked from. */
        RESULT_POOL,
        /** A search made to find standbys. */
        FRESH_SEARCH,
        /** Added by the user as a standby of this item. */
        USER_ADDED
    }

    public Candidate {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(origin, "origin");
        if (key == null || key.isBlank()) {
            throw new IllegalArgumentException("a candidate needs a stable key: " + name);
        }
    }

    boolean userAdded() {
        return origin == Origin.USER_ADDED;
    }

    boolean timeKnown() {
        return postedAt != UNKNOWN_TIME;
    }
}
