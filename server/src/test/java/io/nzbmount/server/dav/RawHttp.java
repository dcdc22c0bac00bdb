package io.nzbmount.server.dav;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A bare HTTP/1.1 client over one socket, for what java.net.http hides: the Host header, a
 * response left unread, a body that ends before its Content-Length.
 */
public final class RawHttp implements Closeable {

    /** Status line and headers of one response; header names are case-insensitive. */
    public record Head(int status, Map<String, List<String>> headers) {
        public String get(String name) {
            List<String> values = headers.get(name);
            return values == null ? null : values.get(0);
        }

        public long contentLength() {
            return Long.parseLong(get("Content-Length"));
        }
    }

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    public RawHttp(int port) throws IOException {
        socket = new Socket(InetAddress.getLoopbackAddress(), port);
        socket.setSoTimeout(10_000);
        in = new BufferedInputStream(socket.getInputStream(), 8192);
        out = socket.getOutputStream();
    }

    /** Sends a request with no body; {@code headers} are "Name: value" lines (a Host is added unless given). */
    public RawHttp send(String method, String target, String... headers) throws IOException {
        return send(method, target, new byte[0], headers);
    }

    public RawHttp send(String method, String target, byte[] body, String... headers) throws IOException {
        StringBuilder request =
                new StringBuilder(method).append(' ').append(target).append(" HTTP/1.1\r\n");
        boolean host = false;
        for (String header : headers) {
            host |= header.regionMatches(true, 0, "Host:", 0, 5);
            request.append(header).append("\r\n");
        }
        if (!host) {
            request.append("Host: 127.0.0.1:").append(socket.getPort()).append("\r\n");
        }
        if (body.length > 0) {
            request.append("Content-Length: ").append(body.length).append("\r\n");
        }
        request.append("\r\n");
        out.write(request.toString().getBytes(StandardCharsets.ISO_8859_1));
        out.write(body);
        out.flush();
        return this;
    }

    public Head readHead() throws IOException {
        String statusLine = line();
        int status = Integer.parseInt(statusLine.split(" ")[1]);
        Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        for (String line = line(); !line.isEmpty(); line = line()) {
            int colon = line.indexOf(':');
            headers.computeIfAbsent(line.substring(0, colon).trim(), k -> new ArrayList<>())
                    .add(line.substring(colon + 1).trim());
        }
        return new Head(status, headers);
    }

    /** Exactly {@code length} body bytes; a {@link ShortBodyException} when the connection ends first. */
    public byte[] readBody(long length) throws IOException {
        byte[] got = in.readNBytes(Math.toIntExact(length));
        if (got.length < length) {
            throw new ShortBodyException(got.length, length);
        }
        return got;
    }

    /** Reads whatever comes until the connection closes. */
    byte[] readToEnd() throws IOException {
        return in.readAllBytes();
    }

    /** Reads and drops up to {@code length} bytes; returns how many arrived before the connection ended. */
    long skipBody(long length) throws IOException {
        byte[] buffer = new byte[65536];
        long total = 0;
        while (total < length) {
            int n = in.read(buffer, 0, (int) Math.min(buffer.length, length - total));
            if (n < 0) {
                break;
            }
            total += n;
        }
        return total;
    }

    /** Writes raw bytes of a request already begun, such as the rest of its body. */
    public RawHttp write(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
        return this;
    }

    /** Writes one chunk of a chunked body already begun; an empty one ends the body. */
    public RawHttp chunk(byte[] data) throws IOException {
        out.write((Integer.toHexString(data.length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
        out.write(data);
        return write("\r\n".getBytes(StandardCharsets.ISO_8859_1));
    }

    InputStream input() {
        return in;
    }

    boolean isClosedByPeer() throws IOException {
        return in.read() < 0;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    private String line() throws IOException {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        int previous = -1;
        while (true) {
            int c = in.read();
            if (c < 0) {
                throw new EOFException("connection closed in the response head");
            }
            if (c == '\n' && previous == '\r') {
                byte[] bytes = buffer.toByteArray();
                return new String(bytes, 0, bytes.length - 1, StandardCharsets.ISO_8859_1);
            }
            buffer.write(c);
            previous = c;
        }
    }

    /** The body ended before its announced length. */
    static final class ShortBodyException extends EOFException {
        final long received;

        ShortBodyException(long received, long expected) {
            super("body ended after " + received + " of " + expected + " bytes");
            this.received = received;
        }
    }
}
