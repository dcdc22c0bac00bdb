package io.nzbmount.nntp.internal.yenc;

import java.io.IOException;

/**
 * Why a yEnc article body could not be decoded into trustworthy bytes. The subtype is the
 * classification: callers decide by type, never by message text. Every subtype means the
 * article as served is unusable; none of them says anything about the connection, which stays
 * usable because the decoder always reads through to the body's terminating line.
 */
public abstract sealed class YencException extends IOException {

    private YencException(String message) {
        super(message);
    }

    /** The body ended (terminating line) before any {@code =ybegin} line: not a yEnc article. */
    public static final class MissingBegin extends YencException {
        public MissingBegin() {
            super("no =ybegin line before the end of the body");
        }
    }

    /** The body ended without an {@code =yend} line: the article was cut short. */
    public static final class Truncated extends YencException {
        public Truncated(String message) {
            super(message);
        }
    }

    /**
     * A header line ({@code =ybegin}, {@code =ypart}, {@code =yend}) is malformed, lacks a
     * required value, has a number out of range, or contradicts another header line.
     */
    public static final class BadHeader extends YencException {
        public BadHeader(String message) {
            super(message);
        }
    }

    /** The decoded byte count differs from what the headers declare. */
    public static final class SizeMismatch extends YencException {
        private final long declared;
        private final long decoded;

        /**
         * @param decoded the decoded count, or {@code declared + 1} when decoding stopped
         *                because more bytes arrived than were declared
         */
        public SizeMismatch(String what, long declared, long decoded) {
            super(what + " declares " + declared + " bytes but "
                    + (decoded > declared ? "more than that" : String.valueOf(decoded))
                    + " were decoded");
            this.declared = declared;
            this.decoded = decoded;
        }

        public long declared() {
            return declared;
        }

        public long decoded() {
            return decoded;
        }
    }

    /** The CRC32 of the decoded bytes differs from the one in {@code =yend}. */
    public static final class CrcMismatch extends YencException {
        private final long declared;
        private final long computed;

        public CrcMismatch(long declared, long computed) {
            super(String.format("=yend declares CRC32 %08x but the decoded bytes have %08x", declared, computed));
            this.declared = declared;
            this.computed = computed;
        }

        public long declared() {
            return declared;
        }

        public long computed() {
            return computed;
        }
    }
}
