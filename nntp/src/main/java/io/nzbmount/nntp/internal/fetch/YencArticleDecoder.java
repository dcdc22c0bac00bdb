package io.nzbmount.nntp.internal.fetch;

import io.nzbmount.nntp.internal.yenc.YencDecoder;
import io.nzbmount.nntp.internal.yenc.YencException;
import io.nzbmount.nntp.internal.yenc.YencPart;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The {@link ArticleDecoder} over {@link YencDecoder}: decodes the body as it arrives and checks
 * it at the end. Any {@link YencException} (CRC32, size, headers, truncation) makes the body
 * corrupt; the decoder always reads through to the terminating line, so the connection stays
 * usable.
 *
 * <p>Thread-safe. Decoders are kept between fetches (each holds a header-line buffer and picks
 * its kernel once); one abandoned mid-body is simply dropped.
 */
public final class YencArticleDecoder implements ArticleDecoder {

    private final ConcurrentLinkedQueue<YencDecoder> spare = new ConcurrentLinkedQueue<>();

    @Override
    public Decoding start(byte[] dest) {
        YencDecoder polled = spare.poll();
        YencDecoder decoder = polled != null ? polled : new YencDecoder();
        decoder.reset(dest);
        return new Decoding() {
            private boolean finished;

            @Override
            public int accept(byte[] buf, int off, int len) {
                return decoder.accept(buf, off, len);
            }

            @Override
            public boolean isComplete() {
                return decoder.isComplete();
            }

            @Override
            public DecodedArticle finish() throws CorruptBodyException {
                if (finished) throw new IllegalStateException("finish() called twice");
                finished = true;
                try {
                    YencPart p = decoder.result();
                    return new DecodedArticle(
                            p.part(), p.total(), p.fileSize(), p.begin(), p.name(), p.data(), p.length());
                } catch (YencException e) {
                    throw new CorruptBodyException(e.getMessage(), e);
                } finally {
                    // The decoded bytes now belong to the caller: the decoder must not keep writing into them.
                    decoder.reset(null);
                    spare.offer(decoder);
                }
            }
        };
    }
}
