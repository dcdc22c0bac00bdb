package io.nzbmount.nntp.internal.fetch;

import java.io.IOException;

/**
 * A body arrived but is damaged: CRC32 or size mismatch, or yEnc headers that make no sense.
 * Thrown by an {@link ArticleDecoder}; the fetcher asks the next provider.
 */
public final class CorruptBodyException extends IOException {
    public CorruptBodyException(String message, Throwable cause) {
        super(message, cause);
    }

    public CorruptBodyException(String message) {
        super(message);
    }
}
