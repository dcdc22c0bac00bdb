package io.nzbmount.server.sabnzbd;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.MultiPart;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;

/**
 * The {@code apikey} field of a multipart form whose request brought no key in its header or
 * query: read from at most the first {@value #WINDOW} bytes of the body, and only from the fields
 * before the first file. Nothing more of an unauthenticated upload is held in memory. The bytes
 * read stay available with the rest of the body ({@link #body()}), for the form to be parsed once
 * the key was found valid. One instance per request; not thread safe.
 */
final class FormKey {

    /** The most of an unauthenticated form read to find its {@code apikey} field. */
    static final int WINDOW = 8 * 1024;
    /** The form field that carries the key. */
    static final String FIELD = "apikey";

    private static final Pattern BOUNDARY = Pattern.compile("boundary=\"?([^\";]+)\"?", Pattern.CASE_INSENSITIVE);
    private static final Pattern NAME = Pattern.compile("(?:^|;)\\s*name=\"?([^\";]*)\"?", Pattern.CASE_INSENSITIVE);

    private final Optional<String> key;
    private final InputStream body;

    private FormKey(Optional<String> key, InputStream body) {
        this.key = key;
        this.body = body;
    }

    /** The key field's value; empty when it did not come before the first file within the window. */
    Optional<String> key() {
        return key;
    }

    /** The whole body: the bytes read to find the key, then the rest, not read yet. */
    InputStream body() {
        return body;
    }

    /** Reads the start of the form of {@code request} (a {@code multipart/form-data} request). */
    static FormKey read(Request request) throws SabException {
        String type = request.getHeaders().get(HttpHeader.CONTENT_TYPE);
        Matcher boundary = BOUNDARY.matcher(type == null ? "" : type);
        if (!boundary.find()) throw new SabException("the multipart/form-data upload names no boundary");
        Search search = new Search();
        MultiPart.Parser parser = new MultiPart.Parser(boundary.group(1), search);
        InputStream in = Request.asInputStream(request);
        ByteArrayOutputStream seen = new ByteArrayOutputStream();
        byte[] piece = new byte[1024];
        try {
            int n;
            while (!search.done
                    && seen.size() < WINDOW
                    && (n = in.read(piece, 0, Math.min(piece.length, WINDOW - seen.size()))) > 0) {
                seen.write(piece, 0, n);
                parser.parse(Content.Chunk.from(ByteBuffer.wrap(piece.clone(), 0, n), false));
            }
        } catch (IOException | RuntimeException e) {
            throw new SabException("the multipart/form-data upload cannot be read");
        }
        Optional<String> key = search.done ? search.value() : Optional.empty();
        return new FormKey(key, new SequenceInputStream(new ByteArrayInputStream(seen.toByteArray()), in));
    }

    /** Follows the parts until the key field ended or a file began. */
    private static final class Search implements MultiPart.Parser.Listener {
        private final ByteArrayOutputStream value = new ByteArrayOutputStream();
        private boolean inKey;
        private boolean found;
        boolean done;

        @Override
        public void onPartBegin() {
            inKey = false;
        }

        @Override
        public void onPartHeader(String name, String headerValue) {
            if (!name.equalsIgnoreCase("Content-Disposition")) return;
            String lower = headerValue.toLowerCase(Locale.ROOT);
            if (lower.contains("filename")) {
                done = true;
                return;
            }
            Matcher m = NAME.matcher(headerValue);
            inKey = m.find() && m.group(1).equals(FIELD);
        }

        @Override
        public void onPartContent(Content.Chunk chunk) {
            if (inKey && !done) {
                ByteBuffer b = chunk.getByteBuffer().slice();
                byte[] bytes = new byte[b.remaining()];
                b.get(bytes);
                value.writeBytes(bytes);
            }
            chunk.release();
        }

        @Override
        public void onPartEnd() {
            if (inKey && !done) {
                found = true;
                done = true;
            }
        }

        @Override
        public void onFailure(Throwable failure) {
            done = true;
        }

        Optional<String> value() {
            return found ? Optional.of(value.toString(StandardCharsets.UTF_8).strip()) : Optional.empty();
        }
    }
}
