package io.nzbmount.server.realpeer;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * One HTTP/1.1 connection on a plain socket, for replaying a client's exact request sequence:
 * requests are written as given, a response head is read on its own and its body only as far as
 * the test wants, so a response can be left open and unread the way a media player leaves it.
 *
 * <p>Not thread-safe. The caller owns the connection and closes it (which drops whatever of a
 * response was not read).
 */
public final class RawHttpConnection implements AutoCloseable {
    private static final int TIMEOUT_MILLIS = 30_000;

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final String host;

    private RawHttpConnection(Socket socket, String host) throws IOException {
        this.socket = socket;
        this.in = new BufferedInputStream(socket.getInputStream(), 1 << 14);
        this.out = socket.getOutputStream();
        this.host = host;
    }

    /**
     * Connects to the server of {@code base}.
     *
     * @param receiveBuffer the socket's receive buffer in bytes (small, so that an unread
     *                      response backs up into the server instead of into this socket), or 0
     *                      for the system's default
     */
    public static RawHttpConnection open(URI base, int receiveBuffer) throws IOException {
        Socket socket = new Socket();
        try {
            if (receiveBuffer > 0) socket.setReceiveBufferSize(receiveBuffer);
            socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), TIMEOUT_MILLIS);
            socket.setSoTimeout(TIMEOUT_MILLIS);
            return new RawHttpConnection(socket, base.getHost() + ":" + base.getPort());
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    /**
     * Sends a request and reads the response head. The body, if any, is left in the socket for
     * {@link #readBody}, {@link #readExactly} or nobody.
     *
     * @param path    the request target, already percent-encoded
     * @param headers header fields besides Host (and Content-Length, added for a body)
     * @param body    the request body, or null
     */
    public HttpHead send(String method, String path, Map<String, String> headers, byte[] body) throws IOException {
        StringBuilder request = new StringBuilder(method)
                .append(' ')
                .append(path)
                .append(" HTTP/1.1\r\n")
                .append("Host: ")
                .append(host)
                .append("\r\n");
        headers.forEach(
                (name, value) -> request.append(name).append(": ").append(value).append("\r\n"));
        if (body != null) request.append("Content-Length: ").append(body.length).append("\r\n");
        request.append("\r\n");
        out.write(request.toString().getBytes(StandardCharsets.ISO_8859_1));
        if (body != null) out.write(body);
        out.flush();
        return readHead();
    }

    /** Reads a whole response body: by Content-Length, or chunked. */
    public byte[] readBody(HttpHead head) throws IOException {
        if (head.first("Transfer-Encoding")
                .map(v -> v.equalsIgnoreCase("chunked"))
                .orElse(false)) {
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            while (true) {
                String sizeLine = line();
                int semicolon = sizeLine.indexOf(';');
                int size = Integer.parseInt((semicolon < 0 ? sizeLine : sizeLine.substring(0, semicolon)).strip(), 16);
                if (size == 0) {
                    while (!line().isEmpty()) {
                        // trailer fields: none expected, skipped
                    }
                    return body.toByteArray();
                }
                body.write(readExactly(size));
                if (!line().isEmpty()) throw new IOException("chunk not followed by CRLF");
            }
        }
        long length = head.first("Content-Length").map(Long::parseLong).orElse(0L);
        if (length > Integer.MAX_VALUE) throw new IOException("body too large to hold: " + length);
        return readExactly((int) length);
    }

    /**
     * Reads the current body until the server ends the connection (send the request with
     * {@code Connection: close}): every byte that arrived, also when the connection ended short
     * of the response's length or was reset.
     */
    public byte[] readToEnd() {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        byte[] buffer = new byte[1 << 16];
        try {
            for (int n; (n = in.read(buffer)) != -1; ) body.write(buffer, 0, n);
        } catch (IOException endedShort) {
            // What arrived before is the answer; the caller's length check says where it ended.
        }
        return body.toByteArray();
    }

    /** Reads exactly {@code n} bytes of the current body; fails on an early end. */
    public byte[] readExactly(int n) throws IOException {
        byte[] bytes = in.readNBytes(n);
        if (bytes.length != n) throw new EOFException("connection ended after " + bytes.length + " of " + n + " bytes");
        return bytes;
    }

    private HttpHead readHead() throws IOException {
        StringBuilder head = new StringBuilder();
        for (String line = line(); !line.isEmpty(); line = line()) {
            head.append(line).append("\r\n");
        }
        return HttpHead.parse(head.toString());
    }

    private String line() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream(128);
        for (int b; (b = in.read()) != -1; ) {
            if (b == '\n') {
                byte[] bytes = line.toByteArray();
                int end = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
                return new String(bytes, 0, end, StandardCharsets.ISO_8859_1);
            }
            line.write(b);
        }
        throw new EOFException("connection closed in the middle of a line");
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
