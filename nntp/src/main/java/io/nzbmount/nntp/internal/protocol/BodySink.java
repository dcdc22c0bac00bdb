package io.nzbmount.nntp.internal.protocol;

import java.io.IOException;

/**
 * Receives a multi-line NNTP response body exactly as it arrives on the wire: after the status
 * line, still dot-stuffed, up to and including the terminating {@code ".\r\n"} line. The sink
 * finds the terminator itself, so the connection never scans the body twice.
 *
 * <p>Not thread-safe: one body at a time, fed from one thread.
 */
public interface BodySink {

    /**
     * Consumes bytes {@code buf[off, off+len)}.
     *
     * @return how many bytes were consumed; fewer than {@code len} only when the terminating line
     *     ended inside this chunk (the rest is not part of the body), after which
     *     {@link #isComplete()} is true
     * @throws IOException when the body is malformed in a way the sink cannot continue from
     */
    int accept(byte[] buf, int off, int len) throws IOException;

    /** True once the terminating line has been consumed. */
    boolean isComplete();
}
