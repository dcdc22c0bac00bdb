package io.nzbmount.server.cutover;

import io.nzbmount.server.events.EventKind;
import io.nzbmount.server.events.EventLog;
import io.nzbmount.server.holes.Hole;
import io.nzbmount.server.holes.HoleTable;
import io.nzbmount.server.policy.CloseCause;
import io.nzbmount.server.repair.NewHoles;
import io.nzbmount.server.store.StoreException;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the cutovers write: the streams' timeline events, the holes streams find, the switches of
 * an item's primary and the items' problems. A write the store refuses is logged and dropped:
 * the stream it comes from goes on. Thread-safe. One per {@link Cutovers}, which owns it.
 */
final class CutoverRecords {
    private static final Logger LOG = LoggerFactory.getLogger(CutoverRecords.class);

    private final CutoverStore store;
    private final HoleTable holeTable;
    private final ProblemTable problems;
    private final EventLog events;
    private final Clock clock;
    private final Supplier<NewHoles> newHoles;

    /**
     * @param clock    the wall clock of the items' problems
     * @param newHoles told each hole a stream finds (the repairs in force at the time)
     */
    CutoverRecords(
            CutoverStore store,
            HoleTable holeTable,
            ProblemTable problems,
            EventLog events,
            Clock clock,
            Supplier<NewHoles> newHoles) {
        this.store = store;
        this.holeTable = holeTable;
        this.problems = problems;
        this.events = events;
        this.clock = clock;
        this.newHoles = newHoles;
    }

    /** The effects of stream {@code stream} of item {@code itemId}, whose shared state is {@code shared}. */
    SessionEffects of(long itemId, String stream, ItemCutoverState shared) {
        return new SessionEffects() {
            @Override
            public void event(EventKind kind, Map<String, Object> detail) {
                CutoverRecords.this.event(itemId, stream, kind, detail);
            }

            @Override
            public void holeFound(long sourceId, Hole hole, String reason) {
                CutoverRecords.this.holeFound(itemId, sourceId, hole, reason);
            }

            @Override
            public boolean switched(long from, long to, boolean permanent) {
                return CutoverRecords.this.switched(itemId, from, to, permanent);
            }

            @Override
            public void ended(CloseCause cause, String reason) {
                if (!cause.problem()) return;
                shared.problemSet();
                problemSet(itemId, Problem.of(cause, clock.instant(), reason));
            }

            @Override
            public void problemCleared() {
                CutoverRecords.this.problemCleared(itemId);
            }
        };
    }

    void event(long itemId, String stream, EventKind kind, Map<String, ?> detail) {
        try {
            events.record(OptionalLong.of(itemId), Optional.of(stream), kind, detail);
        } catch (StoreException e) {
            LOG.warn("event {} of item {} could not be stored: {}", kind, itemId, e.toString());
        }
    }

    /** Stores a hole a stream found and tells the repairs. */
    private void holeFound(long itemId, long sourceId, Hole hole, String reason) {
        LOG.info(
                "source {} of item {} lacks bytes [{}, {}) of file {}",
                sourceId,
                itemId,
                hole.start(),
                hole.end(),
                hole.fileIndex());
        try {
            holeTable.add(sourceId, hole, reason);
        } catch (StoreException e) {
            LOG.warn(
                    "the hole of source {} at [{}, {}) could not be stored: {}",
                    sourceId,
                    hole.start(),
                    hole.end(),
                    e.toString());
        }
        newHoles.get().found(itemId, sourceId);
    }

    private boolean switched(long itemId, long from, long to, boolean permanent) {
        try {
            return store.switched(itemId, from, to, permanent);
        } catch (StoreException e) {
            LOG.warn(
                    "the cutover of item {} from source {} to {} could not be stored: {}",
                    itemId,
                    from,
                    to,
                    e.toString());
            return false;
        }
    }

    private void problemSet(long itemId, Problem problem) {
        try {
            problems.put(itemId, problem);
        } catch (StoreException e) {
            LOG.warn("the problem of item {} could not be stored: {}", itemId, e.toString());
        }
    }

    /** The item's problem is over: a read delivered bytes, or the user acted. */
    void problemCleared(long itemId) {
        try {
            problems.clear(itemId);
        } catch (StoreException e) {
            LOG.warn("the problem of item {} could not be cleared: {}", itemId, e.toString());
        }
    }
}
