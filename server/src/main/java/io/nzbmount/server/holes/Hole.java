package io.nzbmount.server.holes;

/**
 * Bytes of one file that a source cannot serve: {@code [start, end)} of the decoded file at
 * {@code fileIndex} (the file's position in its NZB). Usually one article's range.
 */
public record Hole(int fileIndex, long start, long end) {
    public Hole {
        if (fileIndex < 0) throw new IllegalArgumentException("fileIndex must be >= 0: " + fileIndex);
        if (start < 0 || end <= start)
            throw new IllegalArgumentException("not a byte range: [" + start + ", " + end + ")");
    }

    /** The single byte at {@code offset}: a hole when only the failing offset is known. */
    public static Hole at(int fileIndex, long offset) {
        return new Hole(fileIndex, offset, offset + 1);
    }

    public boolean covers(int file, long offset) {
        return file == fileIndex && offset >= start && offset < end;
    }

    /** True when the two touch or overlap in the same file, so they can be one hole. */
    boolean joins(Hole other) {
        return other.fileIndex == fileIndex && other.start <= end && start <= other.end;
    }
}
