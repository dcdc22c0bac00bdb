package io.nzbmount.server.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A GET on a raw socket that times every read: the body, and the longest wait for bytes once
 * the headers came (what a player's cache must cover). An action runs once, on the reading
 * thread, when {@code triggerAt} body bytes have arrived: a fault switched on mid-stream.
 */
public final class TimedGet {

    /** What came back: the header block, the body bytes, and the longest gap between two reads that delivered bytes. */
    public record Result(String headers, byte[] body, long longestWaitMillis, long tookMillis) {}

    private TimedGet() {}

    /**
     * @param triggerAt body bytes after which {@code action} runs (once); negative for never
     */
    public static Result get(URI file, long triggerAt, Runnable action) throws IOException {
        try (Socket socket = new Socket(file.getHost(), file.getPort())) {
            socket.setSoTimeout(120_000);
            socket.getOutputStream()
                    .write(("GET " + file.getRawPath() + " HTTP/1.1\r\nHost: " + file.getHost() + ":" + file.getPort()
                                    + "\r\nConnection: close\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            byte[] buf = new byte[65536];
            long start = System.nanoTime();
            long last = -1;
            long longest = 0;
            int headerEnd = -1;
            boolean triggered = triggerAt < 0;
            try {
                for (int n; (n = in.read(buf)) > 0; ) {
                    long now = System.nanoTime();
                    got.write(buf, 0, n);
                    if (headerEnd < 0) headerEnd = headerEnd(got.toByteArray());
                    if (headerEnd >= 0) {
                        if (last >= 0) longest = Math.max(longest, now - last);
                        last = now;
                        if (!triggered && got.size() - headerEnd >= triggerAt) {
                            triggered = true;
                            action.run();
                            last = System.nanoTime();
                        }
                    }
                }
            } catch (IOException cutShort) {
                // The server may reset the connection when it ends a response short.
            }
            byte[] all = got.toByteArray();
            if (headerEnd < 0) throw new IOException("no end of headers in " + all.length + " bytes");
            return new Result(
                    new String(all, 0, headerEnd, StandardCharsets.US_ASCII),
                    Arrays.copyOfRange(all, headerEnd, all.length),
                    longest / 1_000_000,
                    (System.nanoTime() - start) / 1_000_000);
        }
    }

    /** The offset just past the blank line that ends the headers, or -1. */
    private static int headerEnd(byte[] data) {
        for (int i = 0; i + 3 < data.length; i++) {
            if (data[i] == '\r' && data[i + 1] == '\n' && data[i + 2] == '\r' && data[i + 3] == '\n') return i + 4;
        }
        return -1;
    }
}
