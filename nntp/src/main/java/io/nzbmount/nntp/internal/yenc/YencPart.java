package io.nzbmount.nntp.internal.yenc;

/**
 * One decoded and checked yEnc part.
 *
 * @param part     the part number from {@code =ybegin part=}, 1 when absent (single-part post)
 * @param total    the part count from {@code =ybegin total=}, 0 when absent
 * @param fileSize the whole file's decoded size from {@code =ybegin size=}
 * @param begin    the 0-based file offset of the first decoded byte ({@code =ypart begin=} minus
 *                 1; 0 without {@code =ypart})
 * @param name     the file name from {@code =ybegin name=} (UTF-8, or ISO-8859-1 when the bytes
 *                 are not valid UTF-8)
 * @param data     the buffer holding the decoded bytes at {@code [0, length)}; bytes after
 *                 {@code length} are unspecified. It is the decoder's buffer: valid until the
 *                 decoder is reset with another one or decodes the next article into it
 * @param length   the decoded byte count
 * @param crc32    the CRC32 of the decoded bytes
 */
public record YencPart(
        int part, int total, long fileSize, long begin, String name, byte[] data, int length, long crc32) {

    /** The 0-based file offset one past the last decoded byte. */
    public long end() {
        return begin + length;
    }

    @Override
    public String toString() {
        return "YencPart[part=" + part + ", total=" + total + ", fileSize=" + fileSize + ", begin=" + begin
                + ", length=" + length + ", name=" + name + "]";
    }
}
