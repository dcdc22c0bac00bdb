package io.nzbmount.server.archive;

import java.io.IOException;

/**
 * Random access to the decoded bytes of the files of one release, as the archive scanner needs
 * them. Owned by the caller; a read should cost only the articles that hold the requested range.
 * Not required to be thread-safe: the scanner reads from one thread.
 */
public interface VolumeSource {

    /** How many files the release has; files are named by their position, 0 to count - 1. */
    int count();

    /** The file's name as the release gives it (it may be obfuscated and say nothing). */
    String name(int file);

    /** The file's exact decoded size in bytes. */
    long size(int file) throws IOException;

    /**
     * Exactly {@code length} bytes of the file from {@code offset}, fewer only when the file ends
     * first.
     *
     * @throws IOException when the bytes cannot be read (a {@link io.nzbmount.nntp.ReadFailure}
     *     says why)
     */
    byte[] read(int file, long offset, int length) throws IOException;

    /**
     * Whether two files are posted as the same articles (then they are copies of one file).
     * False when not known; the scanner then compares what it read of both.
     */
    default boolean sameArticles(int a, int b) {
        return false;
    }

    /**
     * Whether the release posts another file under this file's name whose first bytes cannot be
     * read: then nothing but a checksum says that this copy is the one that belongs.
     */
    default boolean postedAgainUnread(int file) {
        return false;
    }
}
