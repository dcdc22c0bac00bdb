package io.nzbmount.server.http;

import java.io.IOException;
import java.io.InputStream;

/**
 * Reads and drops what is left of a request body about to be refused. Jetty closes a connection
 * whose body is still arriving; the client's next write is answered with a reset, and the reset
 * can destroy the refusal in the client's buffer before it is read. Dropping the rest first, up to
 * {@value #MAX_DISCARD_BYTES} bytes, lets the answer arrive on a connection that ends cleanly;
 * beyond that the refusal goes at once. Stateless; blocks while it reads.
 */
public final class RefusedBodies {

    /** The most of a refused body that is read and dropped so the refusal reaches the client. */
    public static final int MAX_DISCARD_BYTES = 1024 * 1024;

    private RefusedBodies() {}

    /**
     * Reads and drops up to {@code limit} bytes of {@code in}, at most {@value #MAX_DISCARD_BYTES},
     * stopping early at the body's end. A body that fails to read is left as it is: the refusal
     * follows either way, at worst on a connection that is reset.
     */
    public static void discard(InputStream in, long limit) {
        byte[] sink = new byte[8192];
        long left = Math.min(limit, MAX_DISCARD_BYTES);
        try {
            int n;
            while (left > 0 && (n = in.read(sink, 0, (int) Math.min(sink.length, left))) > 0) {
                left -= n;
            }
        } catch (IOException e) {
            // Nothing to add: the caller's refusal is the answer.
        }
    }
}
