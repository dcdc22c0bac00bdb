package io.nzbmount.nntp.internal.fetch;

import io.nzbmount.nntp.internal.protocol.BodySink;

/**
 * Turns one BODY response into a checked {@link DecodedArticle}: the step between the wire and
 * the fetcher, kept behind this interface so the decoder can be exchanged. Thread-safe: each
 * {@link #start} gives an independent decoding.
 */
public interface ArticleDecoder {

    /** Starts decoding one body into {@code dest} (or a larger buffer when it does not fit). */
    Decoding start(byte[] dest);

    /** The decoding of one body: fed by the connection, then finished once. One thread, one body. */
    interface Decoding extends BodySink {

        /**
         * The decoded part, after the body was fed to its end.
         *
         * @throws CorruptBodyException the CRC32, the size or a yEnc header is wrong
         */
        DecodedArticle finish() throws CorruptBodyException;
    }
}
