package io.nzbmount.nntp.internal.protocol;

/**
 * Reads a dot-terminated block to its end and keeps nothing: what is left of a body nobody wants
 * any more (a cancelled read-ahead), so the connection can carry the next reply instead of being
 * closed. It can take over in the middle of a block from another sink: {@link Position} says
 * where in its line the other sink stopped, and {@link Position#after} works that out from the
 * bytes the other sink consumed without scanning them again.
 *
 * <p>States as {@link BodyCollector}: a line {@code "."} (CRLF or a bare LF) ends the block, a
 * line starting {@code ".."} is a stuffed dot. Pure; not thread-safe.
 */
public final class BlockDrain implements BodySink {

    /** Where a block's reader stands between two bytes. */
    public enum Position {
        /** At the start of a line. */
        LINE_START,
        /** Inside a line that is not just a dot so far. */
        IN_LINE,
        /** Just after a CR inside a line. */
        CR,
        /** The line so far is a single dot. */
        DOT,
        /** The line so far is a dot and a CR. */
        DOT_CR,
        /** The terminating line has been read. */
        DONE;

        /**
         * Where a reader stands after {@code buf[off, off+len)}, having stood at this position
         * before them. The block must not have ended inside them: a sink that consumed them
         * without completing says so. Looks at no more than the last three bytes unless fewer
         * were given.
         */
        public Position after(byte[] buf, int off, int len) {
            if (len == 0) return this;
            if (len < 3) {
                Position p = this;
                for (int i = off; i < off + len; i++) p = p.next(buf[i]);
                return p;
            }
            byte x = buf[off + len - 3];
            byte y = buf[off + len - 2];
            byte z = buf[off + len - 1];
            // A line is "." or ".\r" so far only when the byte before the dot ends a line.
            if (z == '\n') return LINE_START;
            if (z == '\r') return y == '.' && x == '\n' ? DOT_CR : CR;
            if (z == '.') return y == '\n' ? DOT : IN_LINE;
            return IN_LINE;
        }

        Position next(byte b) {
            return switch (this) {
                case LINE_START -> b == '.' ? DOT : inLine(b);
                case IN_LINE -> inLine(b);
                case CR -> b == '\n' ? LINE_START : b == '\r' ? CR : IN_LINE;
                case DOT -> b == '\r' ? DOT_CR : b == '\n' ? DONE : inLine(b);
                case DOT_CR -> b == '\n' ? DONE : inLine(b);
                case DONE -> DONE;
            };
        }

        private static Position inLine(byte b) {
            return b == '\r' ? CR : b == '\n' ? LINE_START : IN_LINE;
        }
    }

    private Position position;

    /** A drain that starts at {@code from}: where the block's previous reader stopped. */
    public BlockDrain(Position from) {
        this.position = from;
    }

    @Override
    public int accept(byte[] buf, int off, int len) {
        Position p = position;
        for (int i = 0; i < len; i++) {
            byte b = buf[off + i];
            // The common case, a byte inside a line, is decided without the switch.
            if (p == Position.IN_LINE && b != '\r' && b != '\n') continue;
            p = p.next(b);
            if (p == Position.DONE) {
                position = p;
                return i + 1;
            }
        }
        position = p;
        return len;
    }

    @Override
    public boolean isComplete() {
        return position == Position.DONE;
    }
}
