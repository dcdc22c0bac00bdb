package io.nzbmount.bench;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * One HTTP/1.1 GET on a fresh TCP connection ({@code Connection: close}), timed from before the
 * connect. Plain sockets rather than an HTTP client library so the times are those of the
 * server, not of a client's thread hand-offs. Only what a byte-range read needs: status,
 * Content-Length, a body of exactly that length. Not thread-safe; one request per instance.
 */
final class HttpGet {
    /** Receives the body in chunks; the array is reused after the call returns. */
    interface Body {
        void accept(byte[] buf, int off, int len);
    }

    /**
     * @param status          the response status
     * @param bytes           body bytes received
     * @param firstByteNanos  from before the connect to the first byte of the response (status line)
     * @param firstBodyNanos  to the first byte of the body
     * @param doneNanos       to the last byte of the body
     */
    record Response(int status, long bytes, long firstByteNanos, long firstBodyNanos, long doneNanos) {
        double mbPerSecond() {
            return bytes / (doneNanos / 1e9) / 1e6;
        }
    }

    private HttpGet() {}

    /** GETs {@code path} (already percent-encoded); {@code range} like {@code "bytes=0-99"} or null. */
    static Response get(String host, int port, String path, String range, Body body) throws IOException {
        return request("GET", host, port, path, range, body, Long.MAX_VALUE);
    }

    /** The same GET, closing the connection once {@code limit} body bytes have come. */
    static Response getFirst(String host, int port, String path, String range, long limit, Body body)
            throws IOException {
        return request("GET", host, port, path, range, body, limit);
    }

    /** HEAD of {@code path}: the server's work for a request without reading any content. */
    static Response head(String host, int port, String path) throws IOException {
        return request("HEAD", host, port, path, null, (b, off, len) -> {}, Long.MAX_VALUE);
    }

    private static Response request(
            String method, String host, int port, String path, String range, Body body, long limit) throws IOException {
        long start = System.nanoTime();
        try (Socket socket = new Socket()) {
            socket.setTcpNoDelay(true);
            socket.setSoTimeout(60_000);
            socket.connect(new InetSocketAddress(host, port), 10_000);
            OutputStream out = socket.getOutputStream();
            out.write((method + " " + path + " HTTP/1.1\r\nHost: " + host + ":" + port + "\r\n"
                            + (range == null ? "" : "Range: " + range + "\r\n")
                            + "Connection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = new BufferedInputStream(socket.getInputStream(), 1 << 16);
            int first = in.read();
            long firstByte = System.nanoTime() - start;
            if (first < 0) throw new IOException("connection closed before a response");
            String head = readHead(first, in);
            int status = Integer.parseInt(head.substring(9, 12));
            long length = method.equals("HEAD") ? 0 : Math.min(limit, contentLength(head));
            byte[] buf = new byte[1 << 20];
            long received = 0;
            long firstBody = -1;
            while (received < length) {
                int n = in.read(buf, 0, (int) Math.min(buf.length, length - received));
                if (n < 0) throw new IOException("body ended at " + received + " of " + length + " bytes");
                if (firstBody < 0) firstBody = System.nanoTime() - start;
                body.accept(buf, 0, n);
                received += n;
            }
            return new Response(status, received, firstByte, firstBody, System.nanoTime() - start);
        }
    }

    /** The response head (status line and headers, up to the blank line) whose first byte {@code first} was read already. */
    static String readHead(int first, InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        head.write(first);
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) throw new IOException("connection closed inside the response head");
            head.write(b);
            matched = (b == '\r' && (matched == 0 || matched == 2)) || (b == '\n' && (matched == 1 || matched == 3))
                    ? matched + 1
                    : (b == '\r' ? 1 : 0);
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    private static long contentLength(String head) throws IOException {
        for (String line : head.split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                return Long.parseLong(line.substring(15).trim());
            }
        }
        throw new IOException("no Content-Length in " + head.strip());
    }
}
