package io.nzbmount.bench;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * One keep-alive HTTP/1.1 connection that asks for byte ranges with the headers Kodi sends, and
 * whose current response body can be read a piece at a time, left unread for a while, or dropped
 * by closing the connection (what Kodi does on a seek). Not thread-safe.
 */
final class RangeResponse implements AutoCloseable {
    private static final String KODI_HEADERS = "Accept-Encoding: deflate, gzip, br, zstd\r\n"
            + "User-Agent: Kodi/20.1 (X11; Linux x86_64) App_Bitness/64 Version/20.1\r\n";

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final String host;
    private long offset;
    private long left;

    RangeResponse(String host, int port) throws IOException {
        this.host = host + ":" + port;
        socket = new Socket();
        socket.setTcpNoDelay(true);
        // A player gives up after about 20 s without bytes (Kodi's own limit); waiting longer
        // would hide a stall that a viewer sees.
        socket.setSoTimeout(25_000);
        socket.connect(new InetSocketAddress(host, port), 10_000);
        in = new BufferedInputStream(socket.getInputStream(), 1 << 16);
        out = socket.getOutputStream();
    }

    /**
     * Sends {@code GET path} with {@code Range: bytes=from-} and reads the head; the previous
     * response must have been read to its end. Fails unless the answer is a 206 for exactly
     * {@code from} to the end of a file of {@code size} bytes.
     */
    void open(String path, long from, long size) throws IOException {
        if (left != 0) throw new IllegalStateException(left + " bytes of the previous response are unread");
        out.write(("GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nRange: bytes=" + from + "-\r\n" + KODI_HEADERS
                        + "\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        String head = head();
        String status = head.substring(9, 12);
        String want = "bytes " + from + "-" + (size - 1) + "/" + size;
        if (!status.equals("206") || !want.equals(header(head, "content-range"))) {
            throw new IOException(
                    "GET from " + from + " answered " + head.lines().findFirst().orElse("") + ", Content-Range "
                            + header(head, "content-range") + " (wanted " + want + ")");
        }
        long length = Long.parseLong(header(head, "content-length"));
        if (length != size - from) throw new IOException("Content-Length " + length + " for " + want);
        offset = from;
        left = length;
    }

    /** The file offset of the next body byte. */
    long offset() {
        return offset;
    }

    /** Body bytes not read yet. */
    long left() {
        return left;
    }

    /**
     * Reads up to {@code len} body bytes into {@code buf}; fewer only at the end of the body.
     *
     * @throws IOException when the connection ends or goes quiet before them: a short read
     */
    int read(byte[] buf, int len) throws IOException {
        int want = (int) Math.min(len, left);
        int got = 0;
        while (got < want) {
            int n = in.read(buf, got, want - got);
            if (n < 0)
                throw new IOException(
                        "the body ended at offset " + (offset + got) + " with " + (left - got) + " bytes to come");
            got += n;
        }
        offset += got;
        left -= got;
        return got;
    }

    private String head() throws IOException {
        int first = in.read();
        if (first < 0) throw new IOException("connection closed before a response");
        return HttpGet.readHead(first, in);
    }

    private static String header(String head, String name) {
        for (String line : head.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0
                    && line.substring(0, colon).trim().toLowerCase(Locale.ROOT).equals(name)) {
                return line.substring(colon + 1).trim();
            }
        }
        return null;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
