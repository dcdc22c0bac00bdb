package io.nzbmount.bench;

import io.nzbmount.nntp.internal.protocol.BodySink;
import java.io.IOException;

/**
 * A {@link BodySink} that throws the body away, counting it. When the NZB's segment size is the
 * exact body size on the wire (nyuu writes it so, terminator included) it skips that many bytes
 * without looking at them and checks only that the last five are {@code "\r\n.\r\n"}; this is
 * the cheapest way to find the end of a body, so the rate it gives is an upper bound for any
 * client. Without a usable size it scans for the terminating line. One body at a time, one
 * thread.
 */
final class DiscardSink implements BodySink {
    private static final byte[] TERMINATOR = {'\r', '\n', '.', '\r', '\n'};

    private long expected;
    private long seen;
    private final byte[] tail = new byte[TERMINATOR.length];
    private int scanState;
    private boolean complete;
    private long total;

    /** Starts a body; {@code expected} is its size on the wire, or 0 when unknown. */
    DiscardSink reset(long expected) {
        this.expected = expected;
        seen = 0;
        scanState = 2;
        complete = false;
        return this;
    }

    @Override
    public int accept(byte[] buf, int off, int len) throws IOException {
        if (expected > 0) {
            int n = (int) Math.min(len, expected - seen);
            keepTail(buf, off, n);
            seen += n;
            total += n;
            if (seen == expected) {
                if (!java.util.Arrays.equals(tail, TERMINATOR)) {
                    throw new IOException(
                            "the body is not " + expected + " bytes long (NZB size is not the wire size)");
                }
                complete = true;
            }
            return n;
        }
        for (int i = 0; i < len; i++) {
            byte b = buf[off + i];
            // 0: inside a line, 1: after CR, 2: at a line start, 3: after a line-start dot, 4: after ".\r"
            scanState = switch (scanState) {
                case 1 -> b == '\n' ? 2 : b == '\r' ? 1 : 0;
                case 2 -> b == '.' ? 3 : b == '\r' ? 1 : 0;
                case 3 -> b == '\r' ? 4 : 0;
                case 4 -> b == '\n' ? 5 : b == '\r' ? 1 : 0;
                default -> b == '\r' ? 1 : 0;
            };
            if (scanState == 5) {
                complete = true;
                total += i + 1;
                return i + 1;
            }
        }
        total += len;
        return len;
    }

    private void keepTail(byte[] buf, int off, int n) {
        int keep = Math.min(n, tail.length);
        System.arraycopy(tail, keep, tail, 0, tail.length - keep);
        System.arraycopy(buf, off + n - keep, tail, tail.length - keep, keep);
    }

    @Override
    public boolean isComplete() {
        return complete;
    }

    /** Bytes consumed over every body so far. */
    long total() {
        return total;
    }
}
