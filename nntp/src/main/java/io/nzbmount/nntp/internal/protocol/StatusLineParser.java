package io.nzbmount.nntp.internal.protocol;

import java.nio.charset.StandardCharsets;

/**
 * Parses one NNTP status line ({@code DDD[ text]CRLF}) from bytes fed in arbitrary pieces.
 * Pure: no I/O; the same input split anywhere gives the same result.
 *
 * <p>States: {@code CODE} (expecting the digits; {@code digits} counts them), {@code SEPARATOR}
 * (after three digits: a space, or the line end), {@code TEXT}, {@code CR} (a CR was seen, LF
 * must follow), {@code DONE}. A bare LF also ends the line, because some servers send one.
 *
 * <p>Not thread-safe; reusable after {@link #reset()}.
 */
public final class StatusLineParser {

    /** RFC 3977 caps a response line at 512 octets; allow generous slack before calling it garbage. */
    static final int MAX_LINE = 2048;

    private enum State {
        CODE,
        SEPARATOR,
        TEXT,
        CR,
        DONE
    }

    private State state = State.CODE;
    private int digits;
    private int code;
    private final byte[] text = new byte[MAX_LINE];
    private int textLength;
    private int lineLength;

    public void reset() {
        state = State.CODE;
        digits = 0;
        code = 0;
        textLength = 0;
        lineLength = 0;
    }

    /**
     * Consumes bytes of {@code buf[off, off+len)} up to the end of the status line.
     *
     * @return the number of bytes that belonged to the line when it ended inside this piece
     *     (the rest is whatever follows the line), or -1 when all {@code len} bytes were consumed
     *     and the line goes on
     * @throws NntpProtocolException when the bytes cannot be a status line
     * @throws IllegalStateException when a complete line was already parsed and not reset
     */
    public int feed(byte[] buf, int off, int len) throws NntpProtocolException {
        if (state == State.DONE) throw new IllegalStateException("status line already complete");
        for (int i = 0; i < len; i++) {
            int b = buf[off + i] & 0xFF;
            if (++lineLength > MAX_LINE)
                throw new NntpProtocolException("status line longer than " + MAX_LINE + " bytes");
            switch (state) {
                case CODE -> {
                    if (b < '0' || b > '9' || (digits == 0 && (b < '1' || b > '5'))) {
                        throw garbage(b);
                    }
                    code = code * 10 + (b - '0');
                    if (++digits == 3) state = State.SEPARATOR;
                }
                case SEPARATOR -> {
                    if (b == ' ') state = State.TEXT;
                    else if (b == '\r') state = State.CR;
                    else if (b == '\n') {
                        state = State.DONE;
                        return i + 1;
                    } else throw garbage(b);
                }
                case TEXT -> {
                    if (b == '\r') state = State.CR;
                    else if (b == '\n') {
                        state = State.DONE;
                        return i + 1;
                    } else text[textLength++] = (byte) b;
                }
                case CR -> {
                    if (b != '\n') throw new NntpProtocolException("CR not followed by LF in a status line");
                    state = State.DONE;
                    return i + 1;
                }
                case DONE -> throw new IllegalStateException();
            }
        }
        return -1;
    }

    public boolean isComplete() {
        return state == State.DONE;
    }

    /** The parsed reply; only after {@link #feed} reported the end of the line. */
    public NntpReply reply() {
        if (state != State.DONE) throw new IllegalStateException("status line not complete");
        return new NntpReply(code, new String(text, 0, textLength, StandardCharsets.UTF_8).strip());
    }

    private NntpProtocolException garbage(int b) {
        return new NntpProtocolException("not an NNTP status line: unexpected byte 0x" + Integer.toHexString(b)
                + " at position " + (lineLength - 1));
    }
}
