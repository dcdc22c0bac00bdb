package io.nzbmount.server.dav;

import io.nzbmount.server.http.ByteRange;
import io.nzbmount.server.http.ContentTypes;
import io.nzbmount.server.http.EntityTags;
import io.nzbmount.server.http.HttpDates;
import io.nzbmount.server.http.HttpProblem;
import io.nzbmount.server.http.MultipartByteRanges;
import io.nzbmount.server.http.RangeHeader;
import io.nzbmount.server.http.RangeRequest;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * GET and HEAD in a {@link DavTree}: files with our own Range handling (see {@link RangeHeader}),
 * folders as a small HTML index for browsers. Other methods and paths pass to the next handler.
 *
 * <p>Every file answer carries an exact Content-Length (never chunked, never compressed),
 * {@code Accept-Ranges: bytes}, a strong ETag, Last-Modified and a Content-Type by extension.
 * HEAD answers the same status and headers as GET, without a body and without opening the
 * content. Thread safe; each request blocks its own (virtual) thread.
 */
public final class FileGetHandler extends Handler.Abstract {

    private final DavTree tree;

    public FileGetHandler(DavTree tree) {
        this.tree = tree;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        String method = request.getMethod();
        boolean head = HttpMethod.HEAD.is(method);
        if (!head && !HttpMethod.GET.is(method)) {
            return false;
        }
        String path = request.getHttpURI().getDecodedPath();
        List<String> segments = tree.segments(path).orElse(null);
        if (segments == null) {
            return false;
        }
        LibraryNode node = tree.resolve(segments).orElseThrow(() -> new HttpProblem.NotFound(path));
        switch (node) {
            case LibraryFile file -> sendFile(file, path, head, request, response, callback);
            case LibraryFolder folder -> FolderPage.send(folder, path, head, response, callback);
        }
        return true;
    }

    /**
     * Answers a GET or HEAD of one file: what every path that serves library files calls, so Range
     * handling, headers and the reading through the file's reader (and its cutover) are one.
     *
     * @param path the decoded request path, named when a read fails
     */
    public static void sendFile(
            LibraryFile file, String path, boolean head, Request request, Response response, Callback callback) {
        long size = file.size();
        String etag = EntityTags.strong(file.etagBasis(), size);
        Instant lastModified = file.lastModified();
        String type = ContentTypes.forName(file.name());
        HttpFields.Mutable headers = response.getHeaders();
        headers.put(HttpHeader.ACCEPT_RANGES, "bytes");
        headers.put(HttpHeader.ETAG, etag);
        headers.put(HttpHeader.LAST_MODIFIED, HttpDates.format(lastModified));

        HttpFields requestHeaders = request.getHeaders();
        RangeRequest plan = EntityTags.ifRangeHolds(requestHeaders.get(HttpHeader.IF_RANGE), etag, lastModified)
                ? RangeHeader.judge(requestHeaders.get(HttpHeader.RANGE), size)
                : new RangeRequest.Whole();

        List<ByteRange> ranges;
        List<byte[]> prefixes;
        byte[] trailer = new byte[0];
        switch (plan) {
            case RangeRequest.Unsatisfiable u -> {
                response.setStatus(416);
                headers.put(HttpHeader.CONTENT_RANGE, "bytes */" + size);
                headers.put(HttpHeader.CONTENT_LENGTH, 0L);
                response.write(true, ByteBuffer.allocate(0), callback);
                return;
            }
            case RangeRequest.Whole w -> {
                response.setStatus(200);
                headers.put(HttpHeader.CONTENT_TYPE, type);
                headers.put(HttpHeader.CONTENT_LENGTH, size);
                ranges = size == 0 ? List.of() : List.of(new ByteRange(0, size - 1));
                prefixes = Collections.nCopies(ranges.size(), new byte[0]);
            }
            case RangeRequest.Partial p
            when p.ranges().size() == 1 -> {
                ByteRange range = p.ranges().get(0);
                response.setStatus(206);
                headers.put(HttpHeader.CONTENT_TYPE, type);
                headers.put(HttpHeader.CONTENT_RANGE, range.contentRange(size));
                headers.put(HttpHeader.CONTENT_LENGTH, range.length());
                ranges = p.ranges();
                prefixes = List.of(new byte[0]);
            }
            case RangeRequest.Partial p -> {
                MultipartByteRanges layout = new MultipartByteRanges(boundary(), type, size, p.ranges());
                response.setStatus(206);
                headers.put(HttpHeader.CONTENT_TYPE, layout.contentType());
                headers.put(HttpHeader.CONTENT_LENGTH, layout.contentLength());
                ranges = layout.ranges();
                prefixes = new ArrayList<>(ranges.size());
                for (int i = 0; i < ranges.size(); i++) {
                    prefixes.add(layout.partHeader(i));
                }
                trailer = layout.closing();
            }
        }
        if (head) {
            response.write(true, ByteBuffer.allocate(0), callback);
            return;
        }
        new BodyCopier(file, path, request, response).send(ranges, prefixes, trailer, callback);
    }

    private static String boundary() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        return "nzbmount" + Long.toHexString(random.nextLong() | Long.MIN_VALUE)
                + Long.toHexString(random.nextLong() | Long.MIN_VALUE);
    }

    /** A minimal HTML index of a folder, so a browser pointed at /dav/ can look around. */
    static final class FolderPage {
        private FolderPage() {}

        static void send(LibraryFolder folder, String path, boolean head, Response response, Callback callback) {
            String base = path.endsWith("/") ? path : path + "/";
            StringBuilder html = new StringBuilder("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>")
                    .append(escape(base))
                    .append("</title></head><body><h1>")
                    .append(escape(base))
                    .append("</h1><ul>\n");
            for (LibraryNode child : folder.children()) {
                String name = child instanceof LibraryFolder ? child.name() + "/" : child.name();
                html.append("<li><a href=\"")
                        .append(escape(DavHrefs.encodeSegment(child.name())))
                        .append(child instanceof LibraryFolder ? "/" : "")
                        .append("\">")
                        .append(escape(name))
                        .append("</a></li>\n");
            }
            html.append("</ul></body></html>\n");
            byte[] body = html.toString().getBytes(StandardCharsets.UTF_8);
            response.setStatus(200);
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/html; charset=utf-8");
            response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
            response.getHeaders().put(HttpHeader.LAST_MODIFIED, HttpDates.format(folder.lastModified()));
            response.write(true, ByteBuffer.wrap(head ? new byte[0] : body), callback);
        }

        private static String escape(String text) {
            return text.replace("&", "&amp;")
                    .replace("<", "&lt;")
                    .replace(">", "&gt;")
                    .replace("\"", "&quot;");
        }
    }
}
