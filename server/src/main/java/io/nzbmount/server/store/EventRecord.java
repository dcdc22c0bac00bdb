package io.nzbmount.server.store;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One entry of the event timeline.
 *
 * @param id     increasing with every event stored (a paging cursor)
 * @param at     when it happened
 * @param itemId the item it concerns, if any
 * @param stream the stream session it concerns, if any
 * @param kind   a short word: imported, stall, retry, cutover, standby-validation-result, close, ...
 * @param detail a JSON object with the particulars
 */
public record EventRecord(
        long id, Instant at, OptionalLong itemId, Optional<String> stream, String kind, String detail) {
    public EventRecord {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(itemId, "itemId");
        Objects.requireNonNull(stream, "stream");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(detail, "detail");
    }
}
