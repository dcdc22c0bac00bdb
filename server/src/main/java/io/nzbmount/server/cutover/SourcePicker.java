package io.nzbmount.server.cutover;

import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.server.events.EventKind;
import io.nzbmount.server.store.StoreException;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * Finds the source that continues a stream at the offset where its source failed or lacks the
 * bytes, as a {@link CutoverSession} asks for it. {@link NextSourcePicker} is the server's.
 */
interface SourcePicker {

    /**
     * A source proved to continue the stream at {@code request.offset()}.
     *
     * @param shared   what the streams of the item share: the picker adds the holes it finds and
     *                 counts the proofs that could not decide
     * @param probes   where each reader opened for a proof is listed while it is open, so the
     *                 stream can close it when the client goes away mid-proof
     * @param timeline records an event of the stream (kind, detail)
     * @return the proved source with an open reader (the caller owns it), or empty when none can serve
     * @throws StoreException when the candidates cannot be listed at all
     * @throws ReadCancelledException when the stream was closed during a proof
     */
    Optional<ActiveSource> pick(
            NextSourcePicker.Request request,
            ItemCutoverState shared,
            Probes probes,
            BiConsumer<EventKind, Map<String, Object>> timeline)
            throws StoreException, ReadCancelledException;
}
