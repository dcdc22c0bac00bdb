package io.nzbmount.nntp.internal.protocol;

import java.util.Arrays;

/**
 * A {@link BodySink} that undoes dot-stuffing and keeps the body's bytes (line ends included,
 * the terminating {@code "."} line excluded) in a growing buffer. For HEAD and ARTICLE replies,
 * tests and tools; article data goes through the yEnc decoder instead.
 *
 * <p>States: {@code LINE_START}, {@code IN_LINE}, {@code CR} (a CR inside a line),
 * {@code DOT} (a line began with a dot), {@code DOT_CR} (a line was {@code ".\r"} so far),
 * {@code DONE}. A line {@code ".."} is a stuffed dot; a line {@code "."} ends the body (CRLF or
 * a bare LF). Pure and not thread-safe; reusable after {@link #reset()}, keeping its buffer.
 */
public final class BodyCollector implements BodySink {

    private enum State {
        LINE_START,
        IN_LINE,
        CR,
        DOT,
        DOT_CR,
        DONE
    }

    private State state = State.LINE_START;
    private byte[] data;
    private int length;

    public BodyCollector() {
        this(8192);
    }

    public BodyCollector(int initialCapacity) {
        data = new byte[Math.max(16, initialCapacity)];
    }

    public void reset() {
        state = State.LINE_START;
        length = 0;
    }

    @Override
    public int accept(byte[] buf, int off, int len) {
        for (int i = 0; i < len; i++) {
            byte b = buf[off + i];
            switch (state) {
                case LINE_START -> {
                    if (b == '.') state = State.DOT;
                    else inLine(b);
                }
                case IN_LINE -> inLine(b);
                case CR -> {
                    put(b);
                    state = b == '\n' ? State.LINE_START : b == '\r' ? State.CR : State.IN_LINE;
                }
                case DOT -> {
                    if (b == '\r') state = State.DOT_CR;
                    else if (b == '\n') {
                        state = State.DONE;
                        return i + 1;
                    } else inLine(b);
                }
                case DOT_CR -> {
                    if (b == '\n') {
                        state = State.DONE;
                        return i + 1;
                    }
                    put((byte) '\r');
                    inLine(b);
                }
                case DONE -> {
                    return i;
                }
            }
        }
        return len;
    }

    private void inLine(byte b) {
        put(b);
        state = b == '\r' ? State.CR : b == '\n' ? State.LINE_START : State.IN_LINE;
    }

    private void put(byte b) {
        if (length == data.length) data = Arrays.copyOf(data, data.length * 2);
        data[length++] = b;
    }

    @Override
    public boolean isComplete() {
        return state == State.DONE;
    }

    /** The collected body bytes; the array is this collector's buffer, valid until the next body. */
    public byte[] buffer() {
        return data;
    }

    public int length() {
        return length;
    }

    /** A copy of the collected body. */
    public byte[] toByteArray() {
        return Arrays.copyOf(data, length);
    }
}
