package io.nzbmount.nntp.internal.fetch;

import java.io.IOException;
import java.util.function.LongSupplier;

/**
 * A decoding that notes when its body's first byte came and how many have come, so a waiting
 * thread can judge whether the fetch is late. Fed by one thread; {@link #firstByteNanos()} and
 * {@link #bytes()} may be read from any thread.
 */
@SuppressWarnings("NonAtomicVolatileUpdate") // one thread feeds it; others only read
final class TimedDecoding implements ArticleDecoder.Decoding {

    private final ArticleDecoder.Decoding inner;
    private final LongSupplier nanos;
    private volatile long firstByteNanos = -1;
    private volatile long bytes;

    TimedDecoding(ArticleDecoder.Decoding inner, LongSupplier nanos) {
        this.inner = inner;
        this.nanos = nanos;
    }

    @Override
    public int accept(byte[] buf, int off, int len) throws IOException {
        if (firstByteNanos < 0) firstByteNanos = nanos.getAsLong();
        int used = inner.accept(buf, off, len);
        bytes += used;
        return used;
    }

    @Override
    public boolean isComplete() {
        return inner.isComplete();
    }

    @Override
    public DecodedArticle finish() throws CorruptBodyException {
        return inner.finish();
    }

    /** When the first body byte came, on the fetcher's clock; -1 before. */
    long firstByteNanos() {
        return firstByteNanos;
    }

    long bytes() {
        return bytes;
    }
}
