package io.nzbmount.server.dav;

import java.io.Closeable;
import java.io.IOException;

/**
 * A blocking, sequential reader of one file's bytes from the offset it was opened at.
 *
 * <p>Threading: {@link #read} is called from one thread at a time. {@link #close} may be called
 * from another thread while a read is blocked (the client went away, the server stops); the
 * blocked read must then return promptly by throwing, and any later read throws too. Close is
 * called exactly once.
 *
 * <p>Failure: a read that cannot deliver the next bytes throws an {@link IOException} (a subtype
 * says why). The response is then cut short: the client receives fewer bytes than announced and
 * never a wrong, padded or skipped byte.
 */
public interface ContentReader extends Closeable {

    /**
     * Reads the next bytes into {@code buffer[offset, offset + length)}, blocking until at least
     * one is available. The buffer belongs to the caller and is not kept.
     *
     * @param length at least 1
     * @return the number of bytes read, at least 1, or -1 at the end of the file
     */
    int read(byte[] buffer, int offset, int length) throws IOException;

    /** Releases everything this reader holds (connections, read-ahead memory) at once. */
    @Override
    void close();
}
