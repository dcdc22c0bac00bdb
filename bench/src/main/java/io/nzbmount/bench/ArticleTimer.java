package io.nzbmount.bench;

import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.internal.fetch.ArticleDecoder;
import io.nzbmount.nntp.internal.fetch.DecodedArticle;
import io.nzbmount.nntp.internal.fetch.YencArticleDecoder;
import io.nzbmount.nntp.internal.protocol.NntpConnection;
import io.nzbmount.nntp.internal.protocol.NntpEndpoint;

/**
 * The time of one article fetch, BODY plus yEnc decode and CRC check, the way the reader's
 * fetcher does it: over a fresh connection (connect and greeting included) or over one kept
 * open between calls. Not thread-safe.
 */
final class ArticleTimer implements AutoCloseable {
    private final NntpEndpoint endpoint;
    private final ArticleDecoder decoder = new YencArticleDecoder();
    private final byte[] buffer = new byte[800_000];
    private NntpConnection warm;

    ArticleTimer(String host, int port) {
        this.endpoint = RawBodyRate.endpoint(host, port);
    }

    /** Nanoseconds for connect + greeting + BODY + decode on a new connection (QUIT not counted). */
    long fresh(NzbSegment segment) throws Exception {
        long start = System.nanoTime();
        NntpConnection c = new NntpConnection(endpoint);
        try {
            RawBodyRate.expect(c.connect(), 200, "greeting");
            fetch(c, segment);
            return System.nanoTime() - start;
        } finally {
            c.quit();
        }
    }

    /** Nanoseconds for BODY + decode on a connection opened before (and kept). */
    long warm(NzbSegment segment) throws Exception {
        if (warm == null || !warm.isReusable()) {
            warm = new NntpConnection(endpoint);
            RawBodyRate.expect(warm.connect(), 200, "greeting");
        }
        long start = System.nanoTime();
        fetch(warm, segment);
        return System.nanoTime() - start;
    }

    private void fetch(NntpConnection c, NzbSegment segment) throws Exception {
        ArticleDecoder.Decoding decoding = decoder.start(buffer);
        RawBodyRate.expect(c.body(segment.messageId(), decoding), 222, "BODY");
        DecodedArticle article = decoding.finish();
        if (article.length() <= 0) throw new IllegalStateException("empty article " + segment.messageId());
    }

    @Override
    public void close() {
        if (warm != null) warm.quit();
    }
}
