package io.nzbmount.nntp.embedded;

import io.nzbmount.nntp.NzbSegment;

/**
 * One article of a file posted to the embedded server.
 *
 * @param number    1-based part number
 * @param messageId message id without angle brackets
 * @param begin     0-based file offset of the part's first byte
 * @param length    decoded byte count of the part
 * @param wireBytes the BODY payload size (what an NZB's {@code bytes} states); for lazily
 *                  generated files an estimate, since computing it would mean encoding the file
 */
public record PostedSegment(int number, String messageId, long begin, int length, long wireBytes) {

    public NzbSegment toNzbSegment() {
        return new NzbSegment(number, wireBytes, messageId);
    }

    public long end() {
        return begin + length;
    }
}
