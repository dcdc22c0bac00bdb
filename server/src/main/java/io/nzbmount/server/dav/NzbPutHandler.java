package io.nzbmount.server.dav;

import io.nzbmount.server.http.HttpProblem;
import io.nzbmount.server.http.RequestBodies;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Locale;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * WebDAV {@code PUT /dav/nzbs/NAME.nzb}: hands the body to the {@link NzbUploadSink} and answers
 * 201, or 400 with the sink's reason. Bodies above {@link #MAX_NZB_BYTES} are refused with 413.
 * Other methods and paths pass on. Thread safe.
 */
public final class NzbPutHandler extends Handler.Abstract {

    /** Largest NZB accepted: real ones are a few MiB even for 100 GiB releases. */
    public static final int MAX_NZB_BYTES = 64 * 1024 * 1024;

    private final DavTree tree;
    private final NzbUploadSink sink;

    public NzbPutHandler(DavTree tree, NzbUploadSink sink) {
        this.tree = tree;
        this.sink = sink;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws IOException {
        if (!request.getMethod().equals("PUT")) {
            return false;
        }
        List<String> segments =
                tree.segments(request.getHttpURI().getDecodedPath()).orElse(List.of());
        if (segments.size() != 2 || !tree.isInUploads(segments)) {
            return false;
        }
        String name = segments.get(1);
        if (!name.toLowerCase(Locale.ROOT).endsWith(".nzb")) {
            throw new HttpProblem.BadRequest("only .nzb files can be stored in /dav/nzbs/, not " + name);
        }
        if (RequestBodies.declaredOver(request, MAX_NZB_BYTES)) throw nzbTooLarge();
        byte[] body = RequestBodies.readAtMost(request, MAX_NZB_BYTES).orElseThrow(NzbPutHandler::nzbTooLarge);
        try {
            sink.accept(name, body);
        } catch (NzbRejectedException rejected) {
            throw new HttpProblem.BadRequest(rejected.getMessage());
        }
        response.setStatus(201);
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, 0L);
        response.write(true, ByteBuffer.allocate(0), callback);
        return true;
    }

    private static HttpProblem nzbTooLarge() {
        return new HttpProblem.PayloadTooLarge("an NZB may be at most " + MAX_NZB_BYTES + " bytes");
    }
}
