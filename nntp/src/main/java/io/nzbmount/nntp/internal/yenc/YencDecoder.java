package io.nzbmount.nntp.internal.yenc;

import io.nzbmount.nntp.internal.protocol.BodySink;
import io.nzbmount.nntp.internal.yenc.YencException.BadHeader;
import io.nzbmount.nntp.internal.yenc.YencException.CrcMismatch;
import io.nzbmount.nntp.internal.yenc.YencException.MissingBegin;
import io.nzbmount.nntp.internal.yenc.YencException.SizeMismatch;
import io.nzbmount.nntp.internal.yenc.YencException.Truncated;
import java.util.zip.CRC32;

/**
 * Decodes one yEnc article body straight off the wire: still dot-stuffed, CRLF line ends (a bare
 * LF is accepted too), up to and including the terminating {@code ".\r\n"} line. Any split of
 * the body into chunks gives the same result.
 *
 * <p>Use: {@link #reset(byte[])} with a buffer to decode into, feed chunks to
 * {@link #accept} until {@link #isComplete()}, then {@link #result()} gives the checked part or
 * throws a {@link YencException} saying what is wrong. {@code accept} never throws for a bad
 * article: it always reads through to the terminator, so the connection stays usable, and the
 * problem is reported by {@code result()}.
 *
 * <p>Buffers: decoded bytes go into the buffer given to {@code reset}. When the part does not
 * fit, a larger one is allocated once (sized from the headers); {@link YencPart#data()} and
 * {@link #buffer()} hand it back, and the caller owns it from then on. Parts larger than
 * {@value #MAX_PART_BYTES} bytes are refused as {@link BadHeader}, so a lying header cannot make
 * the decoder allocate without bound.
 *
 * <p>Not thread-safe: one article at a time, fed from one thread. Reusable: {@code reset}
 * prepares the next article without allocating.
 */
public final class YencDecoder implements BodySink {

    /** The largest part accepted (real parts are well under 10 MiB). */
    public static final int MAX_PART_BYTES = 64 << 20;
    /** The longest header line accepted, in bytes (names are at most a few hundred). */
    static final int MAX_HEADER_LINE = 4096;
    /** Room past the part's end so the vector kernels can store whole blocks. */
    private static final int SLACK = 64;

    private enum Phase {
        PREAMBLE,
        HEADERS,
        DATA,
        TRAILER,
        FAILED
    }

    private enum State {
        LINE_START,
        DOT,
        DOT_CR,
        LINE_EQ,
        KEYWORD,
        SKIP_LINE,
        DATA,
        DATA_ESC,
        DATA_CR,
        DONE
    }

    private final YencKernel kernel;
    private final YencHeaders headers = new YencHeaders();
    private final byte[] line = new byte[MAX_HEADER_LINE];
    private final CRC32 crc = new CRC32();

    private byte[] dest;
    private int out;
    private int limit;
    private int lineLength;
    private Phase phase;
    private State state;
    private YencException failure;

    /** A decoder with the fastest kernel for this JVM and CPU ({@link YencKernels#best()}). */
    public YencDecoder() {
        this(YencKernels.best());
    }

    public YencDecoder(YencKernel kernel) {
        this.kernel = kernel;
        reset(null);
    }

    /**
     * Forgets the previous article and decodes the next one into {@code dest}.
     *
     * @param dest the buffer to decode into, reused when the part fits; null to allocate one
     *             sized from the headers
     */
    public void reset(byte[] dest) {
        this.dest = dest;
        out = 0;
        limit = 0;
        lineLength = 0;
        phase = Phase.PREAMBLE;
        state = State.LINE_START;
        failure = null;
        headers.clear();
    }

    /** The buffer the decoded bytes are in: the one given to {@link #reset} or a larger one. */
    public byte[] buffer() {
        return dest;
    }

    /** The kernel decoding the data lines. */
    public YencKernel kernel() {
        return kernel;
    }

    @Override
    public boolean isComplete() {
        return state == State.DONE;
    }

    @Override
    public int accept(byte[] buf, int off, int len) {
        int p = off;
        int end = off + len;
        while (p < end) {
            switch (state) {
                case DATA -> {
                    if (out < limit) {
                        long r = kernel.decode(buf, p, end, dest, out, limit);
                        p += YencKernel.consumed(r);
                        out += YencKernel.produced(r);
                        if (p == end) break;
                    }
                    byte b = buf[p++];
                    if (b == '=') state = State.DATA_ESC;
                    else if (b == '\r') state = State.DATA_CR;
                    else if (b == '\n') state = State.LINE_START;
                    else put(b - 42);
                }
                case LINE_START -> p = lineStart(buf, p);
                case SKIP_LINE -> {
                    while (p < end && buf[p] != '\n') p++;
                    if (p < end) {
                        p++;
                        state = State.LINE_START;
                    }
                }
                case DATA_ESC -> {
                    byte b = buf[p];
                    if (b == '\r' || b == '\n') {
                        state = State.DATA; // an '=' ending a line escapes nothing: dropped
                    } else {
                        p++;
                        state = State.DATA;
                        put(b - 106);
                    }
                }
                case DATA_CR -> {
                    // A CR not followed by LF is dropped like any CR inside data.
                    if (buf[p] == '\n') {
                        p++;
                        state = State.LINE_START;
                    } else {
                        state = startData() ? State.DATA : State.SKIP_LINE;
                    }
                }
                case KEYWORD -> p = keywordLine(buf, p, end);
                case LINE_EQ -> p = lineEquals(buf, p);
                case DOT -> p = dot(buf, p);
                case DOT_CR -> p = dotCr(buf, p);
                case DONE -> {
                    return p - off;
                }
            }
        }
        return p - off;
    }

    /** At the first byte of a line. */
    private int lineStart(byte[] buf, int p) {
        byte b = buf[p];
        switch (b) {
            case '.' -> {
                state = State.DOT;
                return p + 1;
            }
            case '=' -> {
                state = State.LINE_EQ;
                return p + 1;
            }
            case '\n' -> {
                return p + 1;
            }
            case '\r' -> {
                // An empty line: the CR is dropped, and DATA_CR/SKIP_LINE finish the line alike.
                state = takesData() ? State.DATA_CR : State.SKIP_LINE;
                return p + 1;
            }
            default -> {
                state = takesData() && startData() ? State.DATA : State.SKIP_LINE;
                return p;
            }
        }
    }

    /** After a '.' that starts a line: the terminator, or a dot-stuffed line. */
    private int dot(byte[] buf, int p) {
        byte b = buf[p];
        if (b == '\r') {
            state = State.DOT_CR;
            return p + 1;
        }
        if (b == '\n') {
            state = State.DONE;
            return p + 1;
        }
        // ".." is a stuffed "."; a lone '.' before other bytes breaks the transport's rule,
        // and is read as data rather than lost.
        dotAsData();
        return b == '.' ? p + 1 : p;
    }

    /** After ".\r" at the start of a line. */
    private int dotCr(byte[] buf, int p) {
        if (buf[p] == '\n') {
            state = State.DONE;
            return p + 1;
        }
        dotAsData(); // ".\r" then more: a bare CR inside a line that starts with '.'
        return p;
    }

    private void dotAsData() {
        if (takesData() && startData()) {
            state = State.DATA;
            put('.' - 42);
        } else {
            state = State.SKIP_LINE;
        }
    }

    /** After an '=' that starts a line: a keyword line ("=y...") or an escape. */
    private int lineEquals(byte[] buf, int p) {
        byte b = buf[p];
        if (b == 'y') {
            line[0] = '=';
            line[1] = 'y';
            lineLength = 2;
            state = State.KEYWORD;
            return p + 1;
        }
        if (takesData() && startData()) {
            state = State.DATA_ESC;
        } else {
            state = State.SKIP_LINE;
        }
        return p;
    }

    /** Collects a keyword line up to its LF, then acts on it. */
    private int keywordLine(byte[] buf, int p, int end) {
        while (p < end) {
            byte b = buf[p++];
            if (b == '\n') {
                state = State.LINE_START;
                keyword();
                return p;
            }
            if (lineLength == line.length) {
                fail(new BadHeader("a header line is longer than " + MAX_HEADER_LINE + " bytes"));
                state = State.SKIP_LINE;
                return p - 1;
            }
            line[lineLength++] = b;
        }
        return p;
    }

    private void keyword() {
        try {
            switch (phase) {
                case PREAMBLE -> {
                    if (YencHeaders.isKeyword(line, lineLength, "=ybegin")) {
                        headers.parseBegin(line, lineLength);
                        phase = Phase.HEADERS;
                    }
                }
                case HEADERS, DATA -> {
                    if (YencHeaders.isKeyword(line, lineLength, "=yend")) {
                        if (phase == Phase.HEADERS && !startData()) return;
                        headers.parseEnd(line, lineLength);
                        phase = Phase.TRAILER;
                    } else if (YencHeaders.isKeyword(line, lineLength, "=ypart")) {
                        if (phase == Phase.DATA || headers.hasPart) {
                            throw new BadHeader("=ypart after data or a second =ypart");
                        }
                        headers.parsePart(line, lineLength);
                    } else if (YencHeaders.isKeyword(line, lineLength, "=ybegin")) {
                        throw new BadHeader("a second =ybegin before =yend");
                    }
                }
                case TRAILER, FAILED -> {}
            }
        } catch (BadHeader e) {
            fail(e);
        }
    }

    /** Whether the current line belongs to the part's data. */
    private boolean takesData() {
        return phase == Phase.HEADERS || phase == Phase.DATA;
    }

    /**
     * Enters the data phase (once): checks the headers and makes sure the buffer holds the part.
     *
     * @return false when the headers are unusable (the failure is recorded)
     */
    private boolean startData() {
        if (phase == Phase.DATA) return true;
        if (phase != Phase.HEADERS) return false;
        long expected;
        if (headers.hasPart) {
            if (headers.partEnd > headers.fileSize) {
                fail(new BadHeader("=ypart end=" + headers.partEnd + " is past the file size " + headers.fileSize));
                return false;
            }
            expected = headers.partEnd - headers.partBegin + 1;
        } else if (headers.multipart()) {
            fail(new BadHeader("part " + headers.part + " of a multipart post has no =ypart"));
            return false;
        } else {
            expected = headers.fileSize;
        }
        if (expected > MAX_PART_BYTES) {
            fail(new BadHeader("a part of " + expected + " bytes is larger than " + MAX_PART_BYTES));
            return false;
        }
        limit = (int) expected;
        if (dest == null || dest.length < limit) dest = new byte[limit + SLACK];
        phase = Phase.DATA;
        return true;
    }

    private void put(int value) {
        if (out < limit) {
            dest[out++] = (byte) value;
        } else {
            fail(new SizeMismatch("the yEnc headers", limit, (long) limit + 1));
            state = State.SKIP_LINE;
        }
    }

    private void fail(YencException e) {
        if (failure == null) failure = e;
        phase = Phase.FAILED;
    }

    /**
     * The decoded part, after its headers, sizes and CRC32 were checked. Call once the body is
     * complete; the CRC is computed here, over the whole part at once.
     *
     * @throws Truncated    the body is not complete, or ended without {@code =yend}
     * @throws MissingBegin the body had no {@code =ybegin}
     * @throws BadHeader    a header line is malformed or contradicts another
     * @throws SizeMismatch the decoded size differs from {@code =yend size} or {@code =ypart}
     * @throws CrcMismatch  the CRC32 differs from {@code =yend pcrc32} (or {@code crc32} for a
     *                      single-part post)
     */
    public YencPart result() throws YencException {
        if (state != State.DONE) throw new Truncated("the body has not ended yet");
        if (failure != null) throw failure;
        if (!headers.begun) throw new MissingBegin();
        if (!headers.ended) throw new Truncated("the body ended without =yend after " + out + " bytes");
        if (headers.endPart != YencHeaders.ABSENT
                && headers.part != YencHeaders.ABSENT
                && headers.endPart != headers.part) {
            throw new BadHeader("=yend part=" + headers.endPart + " but =ybegin part=" + headers.part);
        }
        if (out != limit) {
            throw new SizeMismatch(headers.hasPart ? "=ypart" : "=ybegin size", limit, out);
        }
        if (headers.endSize != YencHeaders.ABSENT && headers.endSize != out) {
            throw new SizeMismatch("=yend size", headers.endSize, out);
        }
        crc.reset();
        crc.update(dest, 0, out);
        long computed = crc.getValue();
        long declared = declaredCrc();
        if (declared != YencHeaders.ABSENT && declared != computed) throw new CrcMismatch(declared, computed);
        int part = headers.part == YencHeaders.ABSENT ? 1 : headers.part;
        int total = headers.total == YencHeaders.ABSENT ? 0 : headers.total;
        long begin = headers.hasPart ? headers.partBegin - 1 : 0;
        return new YencPart(part, total, headers.fileSize, begin, headers.name, dest, out, computed);
    }

    /** The CRC the part must have: pcrc32; for a single-part post crc32 counts too (same bytes). */
    private long declaredCrc() {
        if (headers.pcrc32 != YencHeaders.ABSENT) return headers.pcrc32;
        boolean wholeFile = !headers.multipart() && out == headers.fileSize;
        return wholeFile ? headers.crc32 : YencHeaders.ABSENT;
    }
}
