package io.nzbmount.server.cutover;

import io.nzbmount.nntp.NotHeldException;
import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The bytes just after a cutover at offset {@code o}, from two readers. The old source's reader,
 * retired here, already holds the articles of its read-ahead past the one that failed: fetched,
 * CRC-checked and placed, the very bytes the stream was serving. They are served from it instead
 * of being fetched again from the new source:
 * <ol>
 *   <li>{@code [o, failedEnd)}, the failed article's bytes on the old source's map: from the new
 *       reader (a fresh one, so it fetches only the article holding {@code o});</li>
 *   <li>from the first offset {@code p >= failedEnd} to the end of what the old reader holds
 *       there ({@code heldEnd}): from the old reader, while the new reader opens its whole
 *       read-ahead at {@code heldEnd};</li>
 *   <li>from then on: the new reader only; the old one is closed.</li>
 * </ol>
 * Boundaries of the two sources' articles need not line up: the old reader is asked for bytes by
 * offset, and anything it cannot serve comes from the new reader, which is proved at every offset.
 * A read of held bytes that fails in any way (a running fetch of the old source failing, the held
 * articles released while the client stood idle) goes on from the new reader at that very offset.
 *
 * <p>Threading: one serving thread calls {@link #read}; {@link #close} may come from any thread.
 * The new reader belongs to the stream's active source, not to this object.
 */
final class Handover {
    private static final Logger LOG = LoggerFactory.getLogger(Handover.class);

    private final NzbReader old;
    private final NzbReader next;
    private final long failedEnd;
    /** Where the response ends: the new reader fetches nothing past it. */
    private final long end;
    /** Where the old reader's held bytes end; -1 until they are reached. */
    private long heldEnd = -1;

    private boolean done;

    /** Retires {@code old} at once: it fetches nothing more. {@code end}: where the response ends. */
    Handover(NzbReader old, NzbReader next, long failedEnd, long end) {
        this.old = old;
        this.next = next;
        this.end = end;
        this.failedEnd = failedEnd;
        old.retire();
    }

    /**
     * Copies bytes of the file at {@code offset}, as {@link NzbReader#read} does.
     *
     * @throws ReadFailure only the new reader's: a failure of the old one is not the stream's
     */
    int read(long offset, byte[] buf, int off, int len) throws ReadFailure, ReadCancelledException {
        if (len == 0) return 0;
        if (!done && offset >= failedEnd) {
            if (heldEnd < 0) {
                long held = old.heldUntil(offset);
                if (held > offset) {
                    heldEnd = held;
                    next.readAheadFrom(held, end);
                }
            }
            if (offset < heldEnd) {
                try {
                    int n = old.read(offset, buf, off, (int) Math.min(len, heldEnd - offset));
                    if (n > 0) return n;
                } catch (ReadFailure | NotHeldException e) {
                    LOG.debug(
                            "held bytes at {} could not be read; the new source serves them: {}", offset, e.toString());
                }
            }
            finish(offset);
        }
        return next.read(offset, buf, off, len);
    }

    /** The old reader is done with: closed, and the new reader reads on from {@code offset} with its whole window. */
    private void finish(long offset) throws ReadCancelledException {
        done = true;
        old.close();
        next.readAheadFrom(offset, end);
    }

    /** True once every read goes to the new reader alone. */
    boolean done() {
        return done;
    }

    /** Closes the old reader (idempotent); the new one is left to its owner. */
    void close() {
        old.close();
    }
}
