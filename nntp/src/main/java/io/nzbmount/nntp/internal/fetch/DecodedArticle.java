package io.nzbmount.nntp.internal.fetch;

/**
 * One fetched, decoded and CRC-checked yEnc part.
 *
 * @param part     the part number from {@code =ybegin part=} (1 for single-part posts)
 * @param total    the part count from {@code =ybegin total=}, 0 when absent
 * @param fileSize the whole file's decoded size from {@code =ybegin size=}
 * @param begin    the 0-based file offset of the first decoded byte ({@code =ypart begin=} minus 1)
 * @param name     the file name from {@code =ybegin name=}
 * @param data     the buffer holding the decoded bytes at {@code [0, length)}; the caller's
 *                 buffer when it was large enough, otherwise a larger one the caller now owns
 * @param length   the decoded byte count
 */
public record DecodedArticle(int part, int total, long fileSize, long begin, String name, byte[] data, int length) {
    /** The 0-based file offset one past the last decoded byte. */
    public long end() {
        return begin + length;
    }
}
