package io.nzbmount.server.standby;

import io.nzbmount.server.release.ReleaseInfo;
import java.util.List;

/**
 * The outcome of {@link CandidateSelector#select}: the standbys to prepare, best first, and every
 * other candidate with the reason it was left out (for the item's status page).
 */
public record Selection(List<Chosen> chosen, List<Rejected> rejected) {

    public Selection {
        chosen = List.copyOf(chosen);
        rejected = List.copyOf(rejected);
    }

    /** A candidate to prepare as a standby, with what its name says and its tier (0 best). */
    public record Chosen(Candidate candidate, ReleaseInfo info, int tier) {}

    /** A candidate left out, and why. */
    public record Rejected(Candidate candidate, Reason reason) {}

    /** Why a candidate was left out. */
    public enum Reason {
        /** It is the primary itself. */
        PRIMARY,
        /** Its key is known dead (missing first article, NZB refused, bytes differ). */
        DEAD,
        /** Another candidate has the same key. */
        DUPLICATE,
        /** Not the same content as the primary. */
        OTHER_CONTENT,
        /** Posted within the repost window of the primary's own post: a repost of the same post. */
        REPOST_OF_PRIMARY,
        /** A better repost of the same release, posted within the window, was kept instead. */
        COLLAPSED_REPOST,
        /** Beyond the standby limit. */
        OVER_LIMIT
    }
}
