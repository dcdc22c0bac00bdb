package io.nzbmount.server.dav;

import io.nzbmount.server.http.ByteRange;
import io.nzbmount.server.http.HttpProblem;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Copies ranges of a {@link LibraryFile} into a response whose status and headers (with an exact
 * Content-Length) are already set, blocking on the request's own thread.
 *
 * <p>Headers are committed only once the first bytes of content have been read: a source that
 * cannot be read at all is answered 503. After that a failure can no longer change the status, so
 * the response is aborted: the connection closes short of Content-Length and the client sees a
 * premature end, never a padded or wrong byte. A read failure is logged once; a client that went
 * away is not a failure and is logged at debug. The reader is closed on every path. A client that
 * leaves is noticed at the next write; while a read is blocked, it is noticed when Jetty fails the
 * request (idle timeout, server stop), and the reader is then closed from that thread so the read
 * returns. One instance serves one response.
 */
final class BodyCopier {

    private static final Logger log = LoggerFactory.getLogger(BodyCopier.class);
    private static final int CHUNK = 64 * 1024;
    private static final ByteBuffer EMPTY = ByteBuffer.allocate(0);

    private final LibraryFile file;
    private final String path;
    private final String client;
    private final Response response;
    private final AtomicReference<ContentReader> current = new AtomicReference<>();
    private final AtomicBoolean connectionFailed = new AtomicBoolean();
    private boolean committed;

    BodyCopier(LibraryFile file, String path, Request request, Response response) {
        this.file = file;
        this.path = path;
        this.client = Request.getRemoteAddr(request) + ":" + Request.getRemotePort(request);
        this.response = response;
        request.addFailureListener(failure -> {
            connectionFailed.set(true);
            closeCurrent();
        });
    }

    /**
     * Sends each range preceded by its prefix (may be empty), then the trailer, and completes the
     * callback: succeeded when every byte went out, failed (which aborts the connection) otherwise.
     *
     * @throws HttpProblem.Unavailable when the first read fails before anything was sent; the
     *                                 callback is then left to the error handling of the caller
     */
    void send(List<ByteRange> ranges, List<byte[]> prefixes, byte[] trailer, Callback callback) {
        byte[] buffer = new byte[(int) Math.min(CHUNK, Math.max(1, longest(ranges)))];
        long offset = -1;
        try {
            for (int i = 0; i < ranges.size(); i++) {
                ByteRange range = ranges.get(i);
                offset = range.first();
                ContentReader reader = open(offset, range.first() + range.length());
                byte[] prefix = prefixes.get(i);
                boolean prefixSent = prefix.length == 0;
                long remaining = range.length();
                while (remaining > 0) {
                    int n = read(reader, buffer, (int) Math.min(buffer.length, remaining), offset);
                    if (!prefixSent) {
                        write(ByteBuffer.wrap(prefix), false);
                        prefixSent = true;
                    }
                    write(ByteBuffer.wrap(buffer, 0, n), false);
                    remaining -= n;
                    offset += n;
                }
                closeCurrent();
            }
            write(trailer.length == 0 ? EMPTY : ByteBuffer.wrap(trailer), true);
            callback.succeeded();
        } catch (ReadFailed failed) {
            closeCurrent();
            if (connectionFailed.get()) {
                log.debug("client of {} went away at offset {}", path, failed.offset);
                callback.failed(failed.getCause());
                return;
            }
            log.warn(
                    "read of {} failed at offset {}: {}",
                    path,
                    failed.offset,
                    failed.getCause().toString());
            if (!committed) {
                response.reset(); // drop the Content-Length, Content-Range and ETag of the planned answer
                throw new HttpProblem.Unavailable("the content of " + path + " cannot be read right now");
            }
            callback.failed(failed.getCause());
        } catch (IOException clientGone) {
            closeCurrent();
            log.debug("client of {} went away at offset {}: {}", path, offset, clientGone.toString());
            callback.failed(clientGone);
        } finally {
            closeCurrent();
        }
    }

    private ContentReader open(long offset, long end) throws ReadFailed {
        ContentReader reader;
        try {
            reader = file.open(offset, end, client);
        } catch (IOException e) {
            throw new ReadFailed(offset, e);
        }
        current.set(reader);
        if (connectionFailed.get()) {
            // The failure listener may have run before the reader was published.
            closeCurrent();
            throw new ReadFailed(offset, new EOFException("connection closed"));
        }
        return reader;
    }

    private static int read(ContentReader reader, byte[] buffer, int length, long offset) throws ReadFailed {
        int n;
        try {
            n = reader.read(buffer, 0, length);
        } catch (IOException e) {
            throw new ReadFailed(offset, e);
        }
        if (n <= 0) {
            throw new ReadFailed(
                    offset,
                    new EOFException(n < 0 ? "content ended before its announced size" : "reader returned no bytes"));
        }
        return n;
    }

    private void write(ByteBuffer bytes, boolean last) throws IOException {
        committed = true;
        Content.Sink.write(response, last, bytes);
    }

    private void closeCurrent() {
        ContentReader reader = current.getAndSet(null);
        if (reader != null) {
            try {
                reader.close();
            } catch (RuntimeException e) {
                log.warn("closing the reader of {} failed: {}", path, e.toString());
            }
        }
    }

    private static long longest(List<ByteRange> ranges) {
        long max = 0;
        for (ByteRange range : ranges) {
            max = Math.max(max, range.length());
        }
        return max;
    }

    /** A read (or open) of the content failed at an offset; carries the cause. */
    private static final class ReadFailed extends Exception {
        final long offset;

        ReadFailed(long offset, IOException cause) {
            super(cause);
            this.offset = offset;
        }

        @Override
        public synchronized IOException getCause() {
            return (IOException) super.getCause();
        }
    }
}
