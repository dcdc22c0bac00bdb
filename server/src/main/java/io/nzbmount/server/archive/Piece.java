package io.nzbmount.server.archive;

/**
 * A byte range of one file of the release that holds part of a member's data.
 *
 * @param file   the file's position in the {@link VolumeSource}
 * @param offset the first byte of the range in that file
 * @param length the number of bytes, at least 1
 */
public record Piece(int file, long offset, long length) {
    public Piece {
        if (file < 0 || offset < 0 || length < 1) {
            throw new IllegalArgumentException(
                    "not a piece: file " + file + ", offset " + offset + ", length " + length);
        }
    }
}
