package io.nzbmount.server.cutover;

import io.nzbmount.server.events.EventKind;
import io.nzbmount.server.holes.Hole;
import io.nzbmount.server.policy.CloseCause;
import java.util.Map;

/**
 * What one {@link CutoverSession} leaves behind outside its response: the item's timeline, its
 * known holes, its primary and its problem. Bound to one stream of one item; called from the
 * thread that serves it, except {@link #event}, which a close from another thread may also call.
 * {@link CutoverRecords#of} gives the server's.
 */
interface SessionEffects {

    /** Records an event of the stream in the item's timeline. */
    void event(EventKind kind, Map<String, Object> detail);

    /**
     * A read found that {@code sourceId} lacks the bytes of {@code hole} (the policy has already
     * added it to the item's known holes): stores it, and starts a repair of the source.
     */
    void holeFound(long sourceId, Hole hole, String reason);

    /**
     * The stream went from {@code from} to {@code to}; {@code permanent} when {@code from} lacks
     * the bytes for good and no user's choice keeps it the primary.
     *
     * @return whether {@code to} became the item's primary
     */
    boolean switched(long from, long to, boolean permanent);

    /**
     * The failure policy ended the stream for {@code cause}; {@code reason} as the timeline says
     * it. Leaves the item that problem, unless the player had just left.
     */
    void ended(CloseCause cause, String reason);

    /** A read delivered bytes while the item had a problem: the problem is over. */
    void problemCleared();
}
