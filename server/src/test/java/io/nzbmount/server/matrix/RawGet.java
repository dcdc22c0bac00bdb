package io.nzbmount.server.matrix;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.function.LongPredicate;

/**
 * One GET of a file on its own raw socket, as a player makes it: the request is sent at once, the
 * body is read when the caller asks ({@link #read}), so a response can be left open and unread.
 * Every body byte is compared with the original at its offset as it arrives; the first wrong
 * offset is kept. The longest wait for bytes is measured while the caller reads, with the offset
 * of the byte that ended it. Not thread-safe.
 */
final class RawGet implements AutoCloseable {
    /** A response that neither continues nor ends for this long is stuck. */
    static final int STUCK_MILLIS = 90_000;

    private final Socket socket;
    private final InputStream in;
    private final byte[] original;
    private final LongPredicate servable;
    private final byte[] buffer = new byte[64 * 1024];
    int status = -1;
    String headers = "";
    long contentLength = -1;
    /** The file offset of the first body byte. */
    long start;

    long received;
    long firstWrong = -1;
    boolean ended;
    boolean stuck;
    long longestGapNanos;
    long longestGapAt = -1;
    long longestServableGapNanos;
    long longestServableGapAt = -1;

    /**
     * @param servable whether some source could serve the byte at an offset: only waits that end
     *                 at such a byte count for {@link #longestServableGapNanos}
     */
    RawGet(URI file, String range, byte[] original, LongPredicate servable) throws IOException {
        this.original = original;
        this.servable = servable;
        socket = new Socket(file.getHost(), file.getPort());
        socket.setSoTimeout(STUCK_MILLIS);
        String rangeHeader = range == null ? "" : "Range: " + range + "\r\n";
        socket.getOutputStream()
                .write(("GET " + file.getRawPath() + " HTTP/1.1\r\nHost: " + file.getHost() + ":"
                                + file.getPort() + "\r\n" + rangeHeader + "Accept-Encoding: deflate, gzip, br, zstd\r\n"
                                + "Connection: close\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
        in = socket.getInputStream();
    }

    /** Reads the status line and headers (waiting for them counts as a wait for bytes). */
    void readHeaders() throws IOException {
        long t0 = System.nanoTime();
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int b;
        try {
            while ((b = in.read()) >= 0) {
                head.write(b);
                if (head.size() >= 4 && endsWithBlankLine(head.toByteArray())) break;
            }
        } catch (SocketTimeoutException e) {
            stuck = true;
        } catch (IOException reset) {
            // The server may reset a response it cannot start.
        }
        headers = head.toString(StandardCharsets.US_ASCII);
        long waited = System.nanoTime() - t0;
        if (headers.length() < 12) {
            ended = true;
            return;
        }
        status = Integer.parseInt(headers.substring(9, 12));
        for (String line : headers.split("\r\n")) {
            String lower = line.toLowerCase(Locale.ROOT);
            if (lower.startsWith("content-length:"))
                contentLength = Long.parseLong(line.substring(15).trim());
            if (lower.startsWith("content-range: bytes ") && !lower.contains("*")) {
                start = Long.parseLong(line.substring(21, line.indexOf('-', 21)).trim());
            }
        }
        if (status != 200 && status != 206) ended = true;
        record(waited, start);
    }

    /** Reads at most {@code max} more body bytes (fewer when the response ends); returns what was read. */
    long read(long max) throws IOException {
        long got = 0;
        long waitFrom = System.nanoTime();
        while (!ended && got < max && received < contentLength) {
            int n;
            try {
                n = in.read(buffer, 0, (int) Math.min(buffer.length, Math.min(max - got, contentLength - received)));
            } catch (SocketTimeoutException e) {
                record(System.nanoTime() - waitFrom, start + received);
                stuck = true;
                ended = true;
                break;
            } catch (IOException reset) {
                n = -1;
            }
            if (n <= 0) {
                // A response that ends short made its client wait until the end for the next byte.
                if (received < contentLength) record(System.nanoTime() - waitFrom, start + received);
                ended = true;
                break;
            }
            long now = System.nanoTime();
            record(now - waitFrom, start + received);
            waitFrom = now;
            check(n);
            received += n;
            got += n;
        }
        if (received >= contentLength) ended = true;
        return got;
    }

    /** Reads to the end of the response. */
    void readAll() throws IOException {
        read(Long.MAX_VALUE);
    }

    boolean whole() {
        return status >= 200 && received == contentLength;
    }

    private void check(int n) {
        if (firstWrong >= 0) return;
        long at = start + received;
        for (int i = 0; i < n; i++) {
            long offset = at + i;
            if (offset >= original.length || buffer[i] != original[(int) offset]) {
                firstWrong = offset;
                return;
            }
        }
    }

    /** A wait of {@code nanos} that ended with the byte at {@code offset}. */
    private void record(long nanos, long offset) {
        if (nanos > longestGapNanos) {
            longestGapNanos = nanos;
            longestGapAt = offset;
        }
        if (nanos > longestServableGapNanos && offset < original.length && servable.test(offset)) {
            longestServableGapNanos = nanos;
            longestServableGapAt = offset;
        }
    }

    private static boolean endsWithBlankLine(byte[] b) {
        int n = b.length;
        return b[n - 4] == '\r' && b[n - 3] == '\n' && b[n - 2] == '\r' && b[n - 1] == '\n';
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // Closed either way.
        }
    }
}
