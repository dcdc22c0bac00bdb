package io.nzbmount.server.http;

import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;

/**
 * Reads request bodies of bounded size, and lets the refusal of one too long reach the client.
 * Jetty closes a connection whose body is still arriving; the client's next write is answered
 * with a reset, and the reset can destroy the refusal in the client's buffer before it is read.
 * So before a body is refused, what is left of it is read and dropped, up to
 * {@value #MAX_DISCARD_BYTES} bytes; beyond that the refusal goes at once. Stateless; blocks while
 * it reads, so requests run on virtual threads.
 */
public final class RequestBodies {

    /** The most of a refused body that is read and dropped so the refusal reaches the client. */
    public static final int MAX_DISCARD_BYTES = 1024 * 1024;

    private RequestBodies() {}

    /**
     * The request's body when it is at most {@code max} bytes; empty when it is longer, the rest
     * then read and dropped as the class says, so the caller answers with its refusal.
     *
     * @throws IOException the body could not be read
     */
    public static Optional<byte[]> readAtMost(Request request, int max) throws IOException {
        try (InputStream in = Request.asInputStream(request)) {
            byte[] body = in.readNBytes(max + 1);
            if (body.length <= max) return Optional.of(body);
            discard(in, MAX_DISCARD_BYTES);
            return Optional.empty();
        }
    }

    /**
     * Whether the request declares ({@code Content-Length}) a body longer than {@code max}. When it
     * does, a body of at most {@value #MAX_DISCARD_BYTES} bytes is read and dropped first, unless
     * the client waits for {@code 100-continue} (it sends nothing before an answer).
     */
    public static boolean declaredOver(Request request, long max) {
        long length = request.getLength();
        if (length <= max) return false;
        if (length <= MAX_DISCARD_BYTES && !request.getHeaders().contains(HttpHeader.EXPECT)) {
            try (InputStream in = Request.asInputStream(request)) {
                discard(in, length);
            } catch (IOException e) {
                // The refusal follows either way, at worst on a connection that is reset.
            }
        }
        return true;
    }

    /** Reads and drops up to {@code limit} bytes of {@code in}, stopping early at the body's end. */
    private static void discard(InputStream in, long limit) {
        byte[] sink = new byte[8192];
        long left = limit;
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
