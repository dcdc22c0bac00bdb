package io.nzbmount.nntp;

import java.util.Objects;

/**
 * One article of an NZB file.
 *
 * @param number    the 1-based part number from the NZB
 * @param bytes     the article's size on the wire as the NZB states it (encoded, not decoded)
 * @param messageId the message id without angle brackets
 */
public record NzbSegment(int number, long bytes, String messageId) {
    public NzbSegment {
        Objects.requireNonNull(messageId, "messageId");
        if (number < 1) throw new IllegalArgumentException("segment number must be >= 1: " + number);
    }
}
