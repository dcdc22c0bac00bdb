package io.nzbmount.server.http;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The framing of a {@code multipart/byteranges} body (RFC 9110 section 14.6): the bytes that go
 * before each part's data and after the last part, and the exact total length, computed before
 * any data is read so the response can carry a Content-Length. All arithmetic is in longs, so
 * parts past 4 GiB and totals past 2 GiB are exact. Immutable and thread safe.
 */
public final class MultipartByteRanges {

    private final String boundary;
    private final String partType;
    private final long size;
    private final List<ByteRange> ranges;
    private final long contentLength;

    /**
     * @param boundary the multipart boundary: 1 to 70 characters of letters and digits
     * @param partType Content-Type of the representation, repeated in each part
     * @param size length of the whole representation
     * @param ranges the ranges to send, in order, each within {@code size}
     */
    public MultipartByteRanges(String boundary, String partType, long size, List<ByteRange> ranges) {
        if (!boundary.matches("[A-Za-z0-9]{1,70}")) {
            throw new IllegalArgumentException("boundary must be 1-70 letters or digits");
        }
        this.boundary = boundary;
        this.partType = partType;
        this.size = size;
        this.ranges = List.copyOf(ranges);
        long total = closing().length;
        for (int i = 0; i < this.ranges.size(); i++) {
            ByteRange range = this.ranges.get(i);
            if (range.last() >= size) {
                throw new IllegalArgumentException("range " + range + " past the end " + size);
            }
            total += partHeader(i).length + range.length();
        }
        this.contentLength = total;
    }

    /** The response's Content-Type header. */
    public String contentType() {
        return "multipart/byteranges; boundary=" + boundary;
    }

    /** Exact length of the whole body. */
    public long contentLength() {
        return contentLength;
    }

    public List<ByteRange> ranges() {
        return ranges;
    }

    /** Bytes sent before the data of part {@code index}: delimiter line and part headers. */
    public byte[] partHeader(int index) {
        ByteRange range = ranges.get(index);
        String header = "\r\n--" + boundary + "\r\n"
                + "Content-Type: " + partType + "\r\n"
                + "Content-Range: " + range.contentRange(size) + "\r\n"
                + "\r\n";
        return header.getBytes(StandardCharsets.US_ASCII);
    }

    /** Bytes sent after the last part: the close delimiter. */
    public byte[] closing() {
        return ("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.US_ASCII);
    }
}
