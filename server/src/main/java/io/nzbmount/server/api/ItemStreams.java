package io.nzbmount.server.api;

import io.nzbmount.server.cutover.Cutovers;
import io.nzbmount.server.cutover.Problem;
import java.util.Optional;
import java.util.OptionalLong;

/** The live state of an item's streams, as an item's answer shows it. Thread-safe. */
interface ItemStreams {

    /** A server whose streams are not shown: no item has a problem or a source serving now. */
    ItemStreams NONE = new ItemStreams() {
        @Override
        public Optional<Problem> problem(long itemId) {
            return Optional.empty();
        }

        @Override
        public OptionalLong activeSource(long itemId) {
            return OptionalLong.empty();
        }
    };

    /** Why the item cannot be played now; empty when nothing stops it. */
    Optional<Problem> problem(long itemId);

    /** The source the item's newest open stream reads from; empty when none is open. */
    OptionalLong activeSource(long itemId);

    /** The state the cutover keeps for the streams of every item. */
    static ItemStreams of(Cutovers cutovers) {
        return new ItemStreams() {
            @Override
            public Optional<Problem> problem(long itemId) {
                return cutovers.problem(itemId);
            }

            @Override
            public OptionalLong activeSource(long itemId) {
                return cutovers.activeSource(itemId);
            }
        };
    }
}
