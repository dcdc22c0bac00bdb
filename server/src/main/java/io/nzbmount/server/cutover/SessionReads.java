package io.nzbmount.server.cutover;

import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.server.store.StoreException;
import java.util.Set;

/**
 * Where a {@link CutoverSession} gets readers besides the one it starts with, and what it asks
 * of the PAR2 repairs that bring lost articles back. Thread-safe. {@link Cutovers} gives the
 * server's.
 */
interface SessionReads {

    /** A new foreground reader on {@code map} with the configured read-ahead; the caller owns it. */
    NzbReader open(SegmentMap map);

    /** Whether a repair rebuilt the article with this message id: a read of it is served from the repair. */
    boolean rebuilt(String messageId);

    /**
     * Whether a repair is queued or runs that may rebuild the bytes a stream of file
     * {@code fileName} ({@code fileSize} bytes) of the item lacks: a repair of a source the stream
     * has read from ({@code readFrom}), or of one that may take over from {@code currentId} at
     * this file (the primary, a verified or a pending standby, with a counterpart of the file).
     */
    boolean repairMayRebuild(long itemId, Set<Long> readFrom, long currentId, String fileName, long fileSize)
            throws StoreException;
}
