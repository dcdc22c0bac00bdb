package io.nzbmount.nntp;

/**
 * The bytes {@code [start, end)} of a file that one article serves, or that no article holds (a
 * hole). See {@link SegmentMap#span(long)}.
 *
 * @param start the first byte of the range
 * @param end   the offset just past the range; greater than {@code start}
 * @param hole  true when no article holds these bytes: reading them fetches nothing and fails
 */
public record ArticleSpan(long start, long end, boolean hole) {
    public ArticleSpan {
        if (start < 0 || end <= start)
            throw new IllegalArgumentException("not a byte range: [" + start + ", " + end + ")");
    }

    /** The number of bytes in the range. */
    public long length() {
        return end - start;
    }

    /** True when {@code offset} lies inside the range. */
    public boolean contains(long offset) {
        return offset >= start && offset < end;
    }
}
