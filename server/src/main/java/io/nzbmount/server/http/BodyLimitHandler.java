package io.nzbmount.server.http;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Optional;
import java.util.Set;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * Caps the request body of every method but PUT and POST at {@value #MAX_BODY_BYTES} bytes: a
 * PROPFIND, LOCK or OPTIONS body is a few hundred bytes of XML, so anything near the limit is
 * work forced on the parser. A declared {@code Content-Length} over the limit is refused without
 * handing the body on; a chunked body is read up to the limit first (it is small or refused) and
 * handed on from memory. Both refusals are a 413 with a JSON error, sent after the rest of the body
 * is read and dropped ({@link RequestBodies}); a declared body too large for that, or one awaiting
 * {@code 100-continue}, is refused at once. PUT and POST
 * carry NZBs and settings; their handlers read them with limits of their own. Stateless and
 * thread safe; it blocks while it reads a chunked body, so requests run on virtual threads.
 */
public final class BodyLimitHandler extends Handler.Wrapper {

    /** The largest body of a method other than PUT and POST. */
    public static final int MAX_BODY_BYTES = 64 * 1024;

    private static final Set<String> OWN_LIMITS = Set.of("PUT", "POST");

    public BodyLimitHandler(Handler next) {
        super(next);
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        if (OWN_LIMITS.contains(request.getMethod())) {
            return super.handle(request, response, callback);
        }
        if (RequestBodies.declaredOver(request, MAX_BODY_BYTES)) {
            throw tooLarge(request.getMethod());
        }
        if (request.getLength() < 0 && request.getHeaders().contains(HttpHeader.TRANSFER_ENCODING)) {
            Optional<byte[]> body;
            try {
                body = RequestBodies.readAtMost(request, MAX_BODY_BYTES);
            } catch (IOException e) {
                throw new HttpProblem.BadRequest("the request body could not be read");
            }
            if (body.isEmpty()) throw tooLarge(request.getMethod());
            return super.handle(new Buffered(request, body.get()), response, callback);
        }
        return super.handle(request, response, callback);
    }

    private static HttpProblem tooLarge(String method) {
        return new HttpProblem.PayloadTooLarge(
                "a " + HttpProblem.printable(method) + " body may hold at most " + MAX_BODY_BYTES / 1024 + " KiB");
    }

    /** The request with its body, already read, served from memory. */
    private static final class Buffered extends Request.Wrapper {
        private final ByteBuffer body;
        private boolean served;

        Buffered(Request request, byte[] body) {
            super(request);
            this.body = ByteBuffer.wrap(body);
        }

        @Override
        public synchronized Content.Chunk read() {
            if (served) {
                return Content.Chunk.EOF;
            }
            served = true;
            return Content.Chunk.from(body, true);
        }

        @Override
        public void demand(Runnable demandCallback) {
            demandCallback.run();
        }
    }
}
