package io.nzbmount.nntp.internal.nzb;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Bounds how much input the XML parser may read without producing an event. The JDK's parser
 * buffers some constructs whole before it reports them (a DTD's internal subset, a comment, an
 * attribute value), so without this bound one giant construct could exhaust memory before any
 * check of ours runs. The reader calls {@link #progress()} after each event; reading more than
 * the limit in between fails with {@link TooLongException}. Not thread-safe: one parse.
 */
final class MarkupSizeGuard extends FilterInputStream {

    /** Thrown through the parser when one construct is too long; recognised by its type. */
    static final class TooLongException extends IOException {
        TooLongException(long limit) {
            super("more than " + limit + " bytes of input without a complete XML construct");
        }
    }

    private final long limit;
    private long sinceProgress;

    MarkupSizeGuard(InputStream in, long limit) {
        super(in);
        this.limit = limit;
    }

    /** The parser produced an event: what it read so far was used. */
    void progress() {
        sinceProgress = 0;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) count(1);
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = super.read(b, off, len);
        if (n > 0) count(n);
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        long skipped = super.skip(n);
        if (skipped > 0) count(skipped);
        return skipped;
    }

    private void count(long n) throws TooLongException {
        sinceProgress += n;
        if (sinceProgress > limit) throw new TooLongException(limit);
    }
}
